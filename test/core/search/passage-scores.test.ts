import { describe, expect, it } from 'vitest';
import { Indexer } from '../../../src/core/pipeline/indexer.ts';
import { passageRowsOf } from '../../../src/core/query/section-fits.ts';
import { FlatVectorIndex } from '../../../src/core/search/flat-vector-index.ts';
import { LiveCorpus } from '../../../src/core/search/live-corpus.ts';
import { readWithPassages } from '../../../src/core/search/passage-scores.ts';
import { createManifest } from '../../../src/core/stored-index/manifest.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

describe('readWithPassages', () => {
  // rows 0 and 1: two pieces of one passage; row 2: a passage of its own
  const vectors = new FlatVectorIndex(2);
  vectors.add([Float32Array.of(1, 0), Float32Array.of(0, 1), Float32Array.of(0.9, Math.sqrt(1 - 0.81))]);
  const query = Float32Array.of(1, 0);
  const passageOf = (row: number) => (row < 2 ? [0, 1] : undefined);

  it("scores a piece half by itself and half by its passage's summed vector, and sorts again", () => {
    const hits = vectors.search(query, 3);
    expect(hits.map((h) => h.row)).toEqual([0, 2, 1]);
    const read = readWithPassages(hits, query, vectors, passageOf);
    // the passage reads (1, 1)/√2: the piece that read close alone falls under the whole passage
    expect(read.map((h) => h.row)).toEqual([2, 0, 1]);
    expect(read[0].score).toBeCloseTo(0.9, 6);
    expect(read[1].score).toBeCloseTo((1 + Math.SQRT1_2) / 2, 6);
    expect(read[2].score).toBeCloseTo(Math.SQRT1_2 / 2, 6);
  });

  it('leaves a piece alone when fewer than two of its passage have vectors', () => {
    const partial = new FlatVectorIndex(2);
    partial.add([Float32Array.of(1, 0), Float32Array.of(0, 1), Float32Array.of(0.9, Math.sqrt(1 - 0.81))]);
    partial.removeRows([1]);
    const hits = partial.search(query, 3);
    expect(readWithPassages(hits, query, partial, passageOf)).toEqual(hits);
  });
});

describe('passageRowsOf', () => {
  const words = (n: number, topic: string) => Array.from({ length: n }, (_, i) => `${topic}${i % 37}`).join(' ') + '.';

  it("gives a cut section's chunk rows when it fits the window, and none for one chunk or a section past it", async () => {
    const embedder = hashEmbedder();
    const store = new MemoryIndexStore();
    const manifest = createManifest(embedder);
    await store.putManifest(manifest);
    const corpus = new LiveCorpus(embedder.dimension);
    const indexer = new Indexer({ manifest, embedder, store, corpus });
    const file = (name: string, text: string) => indexer.ingestFile(name, new TextEncoder().encode(text));
    const cut = await file('cut.md', `# Cut\n\n${words(220, 'river')}`);
    const long = await file('long.md', `# Long\n\n${words(900, 'snow')}`);
    const one = await file('one.md', `# One\n\nA short passage about boats.`);
    expect(cut.chunks.length).toBeGreaterThanOrEqual(2);
    expect(one.chunks.length).toBe(1);

    const passageOf = passageRowsOf(corpus, embedder.maxTokens);
    const rowOf = (id: string) => corpus.chunkRow(id) as number;
    const cutRows = cut.chunks.map((c) => rowOf(c.id));
    for (const row of cutRows) expect(passageOf(row)).toEqual(cutRows);
    expect(corpus.entry(cutRows[1]).origin).toEqual({ type: 'chunk', id: cut.chunks[1].id });
    expect(passageOf(rowOf(long.chunks[0].id))).toBeUndefined();
    expect(passageOf(rowOf(one.chunks[0].id))).toBeUndefined();

    // laid out once for the questions that follow, and again once the chunks change
    expect(passageRowsOf(corpus, embedder.maxTokens)(cutRows[0])).toBe(passageOf(cutRows[0]));
    const more = await file('more.md', `# More\n\n${words(220, 'hill')}`);
    const after = passageRowsOf(corpus, embedder.maxTokens);
    expect(after(cutRows[0])).not.toBe(passageOf(cutRows[0]));
    expect(after(cutRows[0])).toEqual(cutRows);
    expect(after(rowOf(more.chunks[0].id))).toEqual(more.chunks.map((c) => rowOf(c.id)));
  });
});
