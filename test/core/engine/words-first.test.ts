/**
 * A document answers by its words from the moment it is chunked: a question asked while the
 * embedder is still working through its passages finds them with BM25, and the same document is
 * found by meaning too once its vectors come.
 */
import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import type { ManifestSettings } from '../../../src/core/stored-index/manifest.ts';
import type { Embedder } from '../../../src/core/ports.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

const SETTINGS: Partial<ManifestSettings> = { chunking: { chunkTokens: 30, overlapTokens: 3 } };
const text = (topic: string, word: string) =>
  new TextEncoder().encode(
    `# ${topic}\n\n` + Array.from({ length: 8 }, (_, i) => `Part ${i} tells of ${topic}${i === 5 ? `, and of the ${word} kept there` : ''}.`).join('\n\n'),
  );

/** The hash embedder, with passages held back until `release()` (questions are embedded at once). */
function slowPassages(): { embedder: Embedder; started: Promise<void>; release: () => void } {
  const inner = hashEmbedder();
  const started = signal();
  const gate = signal();
  const embedder: Embedder = {
    ...inner,
    async embed(texts, role, signal) {
      if (role === 'passage') {
        started.resolve();
        await gate.promise;
      }
      return inner.embed(texts, role, signal);
    },
  };
  return { embedder, started: started.promise, release: gate.resolve };
}

/** A promise and the function that settles it (Node 20 has no Promise.withResolvers). */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('a document being embedded', () => {
  it('is found by its words while its passages wait for vectors, and by meaning once they have them', async () => {
    const store = new MemoryIndexStore();
    const first = await LociEngine.open({ embedder: hashEmbedder(), store, settings: SETTINGS });
    await first.indexFiles([{ name: 'harbour.md', bytes: text('river boats in the harbour', 'lighthouse') }]);

    const slow = slowPassages();
    const engine = await LociEngine.open({ embedder: slow.embedder, store });
    const pending = engine.indexFiles([{ name: 'glacier.md', bytes: text('mountain snow and glacier ice', 'barometer') }]);
    await slow.started;
    expect(engine.documents.map((d) => [d.doc.name, d.job.stage])).toEqual([['harbour.md', 'ready'], ['glacier.md', 'chunked']]);

    const byWords = await engine.retrieve('where is the barometer', { strategy: 'naive', retriever: 'hybrid', denseWeight: 0.5, n: 2, hops: 1 });
    expect(byWords.chunks[0].docName).toBe('glacier.md');
    expect(byWords.chunks[0].chunk.text).toContain('barometer');
    // no vector of it exists yet: a search by meaning alone cannot return it
    const byMeaning = await engine.retrieve('where is the barometer', { strategy: 'naive', retriever: 'dense', n: 20, hops: 1 });
    expect(byMeaning.chunks.map((c) => c.docName)).not.toContain('glacier.md');

    slow.release();
    await pending;
    const after = await engine.retrieve('where is the barometer', { strategy: 'naive', retriever: 'dense', n: 20, hops: 1 });
    expect(after.chunks.map((c) => c.docName)).toContain('glacier.md');
    expect(engine.entryCount).toBe(engine.snapshot().documents.reduce((n, d) => n + d.entries.length, 0) + engine.snapshot().groups.reduce((n, g) => n + g.entries.length, 0));
  });

  it('is found by its words after a reload that found it chunked but not embedded', async () => {
    const store = new MemoryIndexStore();
    const slow = slowPassages();
    const engine = await LociEngine.open({ embedder: slow.embedder, store, settings: SETTINGS });
    void engine.indexFiles([{ name: 'glacier.md', bytes: text('mountain snow and glacier ice', 'barometer') }]);
    await slow.started;

    // the page reloads: a new engine opens what was stored, the embedding not yet done
    const reopened = await LociEngine.open({ embedder: hashEmbedder(), store });
    expect(reopened.documents.map((d) => d.job.stage)).toEqual(['chunked']);
    const found = await reopened.retrieve('barometer', { strategy: 'naive', retriever: 'hybrid', n: 1, hops: 1 });
    expect(found.chunks[0].chunk.text).toContain('barometer');
  });

  it('searches by keywords without the model: nothing is embedded, not even the question', async () => {
    const store = new MemoryIndexStore();
    await (await LociEngine.open({ embedder: hashEmbedder(), store, settings: SETTINGS })).indexFiles([{ name: 'glacier.md', bytes: text('mountain snow', 'barometer') }]);
    const absent: Embedder = { ...hashEmbedder(), embed: () => Promise.reject(new Error('the model is not here')) };
    const engine = await LociEngine.open({ embedder: absent, store });
    const found = await engine.retrieve('barometer', { strategy: 'naive', retriever: 'lexical', n: 1, hops: 2 });
    expect(found.chunks[0].chunk.text).toContain('barometer');
    await expect(engine.retrieve('barometer', { strategy: 'naive', retriever: 'hybrid', n: 1, hops: 1 })).rejects.toThrow(/not here/);
  });
});
