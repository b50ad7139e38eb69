/**
 * The search thrown away after an index opens: it asks the corpus for everything a first question
 * builds on its way, and changes nothing a question then reads.
 */
import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import type { RetrievalCorpus } from '../../../src/core/search/retrieve.ts';
import { warmSearchSteps } from '../../../src/core/search/warm-search.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

const FILES = [
  { name: 'harbour.md', text: '# The Old Harbour\n\nThe harbour was dredged in 1881 and its mills were moved upriver.\n\nFishing boats still land their catch at the north quay.' },
  { name: 'mills.md', text: '# River Mills\n\nThe mills ground grain for the town until 1920. The Old Harbour took their flour to the coast.' },
  { name: 'council.md', text: '# Town Council\n\nThe council meets monthly. Its mayor is chosen each spring by the members.' },
];

async function library(): Promise<LociEngine> {
  const engine = await LociEngine.open({
    embedder: hashEmbedder(),
    store: new MemoryIndexStore(),
    settings: { chunking: { chunkTokens: 20, overlapTokens: 2 }, preparse: { mode: 'off' } },
  });
  await engine.indexFiles(FILES.map((f) => ({ name: f.name, bytes: new TextEncoder().encode(f.text) })));
  return engine;
}

/** The engine's corpus with every call to the methods a first question reaches recorded. */
function recorded(engine: LociEngine): { corpus: RetrievalCorpus; calls: string[] } {
  const inner = (engine as unknown as { corpus: RetrievalCorpus }).corpus;
  const calls: string[] = [];
  const watched = new Set(['rowsFor', 'namedRows', 'linkedRows']);
  const corpus = new Proxy(inner, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof key !== 'string' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (watched.has(key)) calls.push(`${key}(${args.filter((a) => typeof a === 'string').join(', ')})`);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { corpus, calls };
}

/** Every step at once, as the engine worker runs them a task apart. */
const warmSearch = (corpus: RetrievalCorpus) => warmSearchSteps(corpus, 'naive').forEach((step) => step());

describe('warmSearchSteps', () => {
  it("asks the corpus for the strategy's rows and for the documents a title names and links to", async () => {
    const { corpus, calls } = recorded(await library());
    warmSearch(corpus);
    expect(calls).toContain('rowsFor(naive)');
    expect(calls).toContain('namedRows(The Old Harbour, naive)');
    expect(calls).toContain('linkedRows(The Old Harbour, naive)');
  });

  it('changes nothing a question then reads: the same chunks, in the same order, as a library not warmed', async () => {
    const warmed = await library();
    const cold = await library();
    for (const step of warmed.warmSearchSteps('naive')) step();
    for (const retriever of ['lexical', 'hybrid'] as const) {
      for (const hops of [1, 2] as const) {
        const options = { strategy: 'naive', retriever, hops, n: 3, denseWeight: 0.5 } as const;
        const question = 'When were the mills of the Old Harbour moved?';
        const a = await warmed.retrieve(question, options);
        const b = await cold.retrieve(question, options);
        expect(a.chunks.map((c) => c.chunk.id)).toEqual(b.chunks.map((c) => c.chunk.id));
      }
    }
  });

  it('does nothing on an empty library', async () => {
    const engine = await LociEngine.open({ embedder: hashEmbedder(), store: new MemoryIndexStore() });
    const { corpus, calls } = recorded(engine);
    expect(() => warmSearch(corpus)).not.toThrow();
    expect(calls).toEqual(['rowsFor(naive)']);
  });
});
