/** The embedder an index opens with while its model loads: registry facts at once, the model's work once it is there. */
import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../src/core/ports.ts';
import { PendingEmbedder } from '../../workers/engine/pending-embedder.ts';
import { hashEmbedder } from '../support/hash-embedder.ts';

describe('PendingEmbedder', () => {
  it('takes its facts from the registry, and knows none for a model the registry does not list', () => {
    expect(PendingEmbedder.factsOf('tiny-lexical-bert-zh')).toMatchObject({ id: 'tiny-lexical-bert-zh', dimension: 128 });
    expect(PendingEmbedder.factsOf('someone/unknown-model')).toBeUndefined();
  });

  it('estimates token counts until the model loads, waits for it to embed, then goes straight to it', async () => {
    const real = hashEmbedder('tiny-lexical-bert-zh', 128);
    let arrive: (e: Embedder) => void = () => {};
    const loading = new Promise<Embedder>((resolve) => (arrive = resolve));
    const pending = new PendingEmbedder(PendingEmbedder.factsOf('tiny-lexical-bert-zh')!, loading);
    expect(pending.ready).toBe(false);
    // the estimate errs high: one token per CJK character, one per three letters of a word
    expect(await pending.countTokens(['数据安全', 'refund policy'])).toEqual([4, 2 + 2]);

    const embedding = pending.embed(['数据安全'], 'query');
    let done = false;
    void embedding.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(done).toBe(false);
    arrive(real);
    expect(await embedding).toEqual(await real.embed(['数据安全'], 'query'));
    expect(pending.ready).toBe(true);
    expect(await pending.countTokens(['refund policy'])).toEqual(await real.countTokens(['refund policy']));
  });

  it('gives up waiting when the caller stops', async () => {
    const pending = new PendingEmbedder(PendingEmbedder.factsOf('tiny-lexical-bert-zh')!, new Promise<Embedder>(() => {}));
    const controller = new AbortController();
    const embedding = pending.embed(['x'], 'passage', controller.signal);
    controller.abort();
    await expect(embedding).rejects.toThrow(/embedding/);
  });
});
