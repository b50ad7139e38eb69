/**
 * Embedding a long document is checkpointed: a run stopped mid-embedding leaves the rows embedded
 * up to its last checkpoint stored, and the next run embeds only the rest, ending with the same
 * index as a run that was never stopped.
 */
import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { encodeIndex } from '../../../src/core/stored-index/binary-format.ts';
import type { ManifestSettings } from '../../../src/core/stored-index/manifest.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import type { Embedder } from '../../../src/core/ports.ts';
import { chunkEmbeddingText } from '../../../src/core/chunk/embedding-text.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

const SETTINGS: Partial<ManifestSettings> = {
  chunking: { chunkTokens: 30, overlapTokens: 3 },
  clustering: { scope: 'document', seed: 7, threshold: 0.1, maxClusters: 8, minChunks: 6 },
  preparse: { mode: 'off' },
};
const TOPICS = ['river boats', 'glacier ice', 'quiet libraries', 'summer bees', 'night trains'];
const FILE = {
  name: 'long.md',
  bytes: new TextEncoder().encode(
    '# Long\n\n' + Array.from({ length: 700 }, (_, i) => `Paragraph ${i} is about ${TOPICS[i % 5]} and number ${i}, told in a few more words about ${TOPICS[(i * 3) % 5]}.`).join('\n\n'),
  ),
};

/** The hash embedder, noting every passage it embeds; `stopAt` aborts the run once that many were embedded. */
function noting(stopAt?: { count: number; controller: AbortController }): Embedder & { passages: string[] } {
  const inner = hashEmbedder();
  const passages: string[] = [];
  return {
    ...inner,
    passages,
    async embed(texts, role, signal) {
      if (role === 'passage') passages.push(...texts);
      if (stopAt && passages.length >= stopAt.count) stopAt.controller.abort();
      return inner.embed(texts, role, signal);
    },
  };
}

describe('embedding a long document', () => {
  it('resumes from its last checkpoint and ends with the index of an uninterrupted run', async () => {
    const whole = new MemoryIndexStore();
    await (await LociEngine.open({ embedder: noting(), store: whole, settings: SETTINGS })).indexFiles([FILE]);
    const expected = await encodeIndex(whole.snapshot()!);
    const chunks = whole.snapshot()!.documents[0].chunks;
    expect(chunks.length).toBeGreaterThan(600);

    // stopped after nine batches of 64: checkpoints came at 256 and 512 rows
    const store = new MemoryIndexStore();
    const controller = new AbortController();
    const first = await LociEngine.open({ embedder: noting({ count: 9 * 64, controller }), store, settings: SETTINGS });
    await expect(first.indexFiles([FILE], { signal: controller.signal })).rejects.toThrow();
    const left = store.snapshot()!.documents[0];
    expect(left.job.stage).toBe('chunked');
    expect(left.entries.length).toBe(512);
    expect(left.vectors.length).toBe(512 * 64);

    const again = noting();
    const progress: number[] = [];
    await (await LociEngine.open({ embedder: again, store })).indexFiles([FILE], {
      onProgress: (p) => {
        if (p.stage === 'embed' && p.total === chunks.length) progress.push(p.done);
      },
    });
    const texts = new Set(again.passages);
    // what the embedder read for each chunk (chunk/chunker.ts): the kept ones are not read again
    const read = chunks.map(chunkEmbeddingText);
    expect(read.slice(0, 512).filter((text) => texts.has(text))).toEqual([]);
    expect(read.slice(512).every((text) => texts.has(text))).toBe(true);
    // the resumed run first says what it kept, then counts on from there
    expect(progress.slice(0, 2)).toEqual([512, 512 + 64]);
    expect(await encodeIndex(store.snapshot()!)).toEqual(expected);
  });
});
