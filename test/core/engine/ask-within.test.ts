/**
 * Questions asked within some documents (a scoped chat, `loci ask --in`), and questions about a
 * whole answered from its breadth: the engine end to end with the hash embedder.
 */
import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { documentNamed } from '../../../src/core/engine/scope.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import type { Strategy } from '../../../src/core/types.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

const TOPICS = ['river boats and harbour trade', 'mountain snow and glacier ice', 'library books and quiet reading', 'garden roses and summer bees'];

/** A Markdown document of chapters, each about its own topic, every document about all of them. */
function markdown(title: string, chapters: number): Uint8Array {
  const lines = [`# ${title}`];
  for (let c = 0; c < chapters; c++) {
    lines.push(`## Chapter ${c + 1}`);
    const topic = TOPICS[c % TOPICS.length];
    for (let p = 0; p < 3; p++) lines.push(`${title} part ${c}.${p} is about ${topic}. It repeats ${topic} so that ${topic} dominates here.`);
  }
  return new TextEncoder().encode(lines.join('\n\n'));
}

const FILES = [
  { name: 'alpha.md', bytes: markdown('Alpha', 8) },
  { name: 'beta.md', bytes: markdown('Beta', 4) },
  { name: 'gamma.md', bytes: markdown('Gamma', 4) },
];
const SETTINGS = {
  chunking: { chunkTokens: 30, overlapTokens: 3 },
  clustering: { scope: 'document' as const, seed: 7, threshold: 0.1, maxClusters: 8, minChunks: 6 },
  preparse: { mode: 'extractive' as const },
};

async function library(onClustersMade?: (groupIds: string[]) => void) {
  const engine = await LociEngine.open({ embedder: hashEmbedder(), store: new MemoryIndexStore(), settings: SETTINGS, onClustersMade });
  await engine.indexFiles(FILES);
  return engine;
}

/** The ids of the documents of these file names. */
function idsOf(engine: LociEngine, ...names: string[]): string[] {
  return names.map((name) => documentNamed(engine.documents, name)!.doc.id);
}

describe('asking within some documents', () => {
  it.each<[Strategy, 1 | 2]>([
    ['p-rag', 2],
    ['naive', 1],
    ['cap-rag', 1],
    ['c-rag', 2],
  ])('never brings a chunk from outside the scope (%s, %i hops), even when the question names another document', async (strategy, hops) => {
    const engine = await library();
    const [beta, gamma] = idsOf(engine, 'beta.md', 'gamma.md');
    for (const question of ['glacier ice on the mountain', 'What does alpha.md say about harbour trade?', 'quiet reading']) {
      const everywhere = await engine.retrieve(question, { strategy, retriever: 'hybrid', n: 8, hops });
      expect(everywhere.chunks.some((c) => c.chunk.docId !== beta && c.chunk.docId !== gamma)).toBe(true);
      const within = await engine.retrieve(question, { strategy, retriever: 'hybrid', n: 8, hops, within: [beta, gamma] });
      expect(within.chunks.length).toBeGreaterThan(0);
      for (const c of within.chunks) expect([beta, gamma]).toContain(c.chunk.docId);
      for (const row of within.result.trace) for (const id of row.backtracksTo) expect(id.startsWith(beta) || id.startsWith(gamma)).toBe(true);
    }
  });

  it('names documents by file name or title, and none when a name matches neither', async () => {
    const engine = await library();
    expect(documentNamed(engine.documents, 'Beta')?.doc.name).toBe('beta.md');
    expect(documentNamed(engine.documents, 'delta.md')).toBeUndefined();
  });
});

describe('a question about a whole', () => {
  it('is answered from every chapter of the document it is asked within, in turn, not from the passages most like its words', async () => {
    const made: string[][] = [];
    const engine = await library((groupIds) => made.push(groupIds));
    const [alpha] = idsOf(engine, 'alpha.md');
    const asked = await engine.retrieve('What is this document about?', { strategy: 'p-rag', retriever: 'hybrid', n: 5, hops: 2, within: [alpha] });
    // the engine said which clusters the question made, once: asked again, it makes none
    expect(made).toEqual([[`g:${alpha}`]]);
    await engine.retrieve('What is this document about?', { strategy: 'p-rag', retriever: 'hybrid', n: 5, hops: 2, within: [alpha] });
    expect(made).toHaveLength(1);
    expect(asked.result.breadth).toEqual({ documents: ['alpha.md'] });
    expect(asked.chunks.every((c) => c.chunk.docId === alpha)).toBe(true);
    // its clusters were made for it, and its first passages span the document's topics
    expect(engine.group(`g:${alpha}`)?.group.clusters.length).toBeGreaterThan(1);
    const topics = (n: number) => new Set(asked.chunks.slice(0, n).map((c) => TOPICS.find((t) => c.chunk.text.includes(t))));
    expect(topics(8).size).toBe(TOPICS.length);
  });

  it('takes the document the question names when asked of the whole library, and searches when it names none', async () => {
    const engine = await library();
    const named = await engine.retrieve('Summarize gamma.md', { strategy: 'p-rag', retriever: 'hybrid', n: 5 });
    expect(named.result.breadth).toEqual({ documents: ['gamma.md'] });
    const unnamed = await engine.retrieve('What is this document about?', { strategy: 'p-rag', retriever: 'hybrid', n: 5 });
    expect(unnamed.result.breadth).toBeUndefined();
    expect(unnamed.chunks).toHaveLength(5);
  });
});
