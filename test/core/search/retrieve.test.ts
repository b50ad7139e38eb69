import { describe, expect, it } from 'vitest';
import {
  FlatVectorIndex,
  LexicalIndex,
  kindsFor,
  retrieve,
  type RetrievalCorpus,
} from '../../../src/core/search/index.ts';
import type { Chunk, Entry, EntryOrigin, Strategy } from '../../../src/core/types.ts';

// One document of five chunks. The query asks about Zhang Wei, who only chunk c3 names, but c3's
// vector points away from the query: dense search ranks it last, BM25 ranks it first.
const texts = [
  'Data handlers must protect personal information.',
  'Handlers shall report incidents promptly.',
  'Records are kept for three years.',
  'The regulator Zhang Wei oversees compliance.',
  'Appeals go to the court.',
];
const chunkVectors = [
  [1, 0, 0, 0], // cosine with the query 1
  [0.8, 0.6, 0, 0], // 0.8
  [0.6, 0.8, 0, 0], // 0.6
  [-0.6, 0, 0, 0.8], // -0.6
  [0, 0, 1, 0], // 0
];
const chunks: Chunk[] = texts.map((text, ordinal) => ({
  id: `d1:${ordinal}`,
  docId: 'd1',
  ordinal,
  text,
  headingPath: [],
  start: 0,
  end: text.length,
  tokens: text.split(' ').length,
}));
const entries: Entry[] = chunks.map((c) => ({
  id: `${c.id}|chunk|whole|0`,
  kind: 'chunk',
  level: 'whole',
  text: c.text,
  origin: { type: 'chunk', id: c.id },
}));
// Row 5: a cluster of c2 and c4, close to the query (0.96) and also naming Zhang Wei.
entries.push({ id: 'g#0|cluster|whole|0', kind: 'cluster', level: 'whole', text: 'Records and appeals, Zhang Wei', origin: { type: 'cluster', id: 'g#0' } });
const clusterMembers = ['d1:2', 'd1:4'];

function makeCorpus(): RetrievalCorpus {
  const vectors = new FlatVectorIndex(4);
  vectors.add([...chunkVectors, [0.96, 0.28, 0, 0]].map((v) => Float32Array.from(v)));
  const lexical = new LexicalIndex();
  lexical.addAll(entries.map((e, row) => ({ row, text: e.text })));
  return {
    entry: (row) => entries[row],
    chunksOf: (origin: EntryOrigin) => (origin.type === 'chunk' ? [origin.id] : clusterMembers),
    orderOf: (chunkId) => chunks.findIndex((c) => c.id === chunkId),
    chunk: (chunkId) => chunks.find((c) => c.id === chunkId) as Chunk,
    docLabel: () => ({ name: 'law.txt', title: 'Data Law' }),
    rowsFor: (strategy: Strategy) =>
      Int32Array.from(entries.flatMap((e, row) => (kindsFor(strategy).has(e.kind) ? [row] : []))),
    vectors,
    lexical,
  };
}

const question = { text: 'Who is Zhang Wei?', vector: Float32Array.of(1, 0, 0, 0) };
const ids = (r: { chunks: { chunk: Chunk }[] }): string[] => r.chunks.map((c) => c.chunk.id);

describe('retrieve', () => {
  it('dense only: top-N by cosine, the named entity missed', () => {
    const result = retrieve(makeCorpus(), [question], { strategy: 'naive', n: 2, hybrid: false });
    expect(ids(result)).toEqual(['d1:0', 'd1:1']);
    expect(result.chunks[0]).toMatchObject({ docName: 'law.txt', docTitle: 'Data Law', firstRank: 1 });
    expect(result.chunks[0].score).toBeCloseTo(1, 6);
    expect(result.chunks[1].score).toBeCloseTo(0.8, 6);
    expect(result.trace.map((t) => t.denseRank)).toEqual([undefined, undefined]);
  });

  it('hybrid: BM25 rescues the entity through reciprocal rank fusion', () => {
    const result = retrieve(makeCorpus(), [question], { strategy: 'naive', n: 2, hybrid: true });
    // Dense ranks c0 1, c1 2, c2 3, c4 4, c3 5; BM25 ranks c3 1 (only it names Zhang Wei among chunks).
    // c3: 1/65 + 1/61 = 0.031778 beats c0: 1/61 = 0.016393 beats c1: 1/62.
    expect(ids(result)).toEqual(['d1:0', 'd1:3']); // document order
    expect(result.trace.map((t) => [t.entryId, t.denseRank, t.lexicalRank])).toEqual([
      ['d1:3|chunk|whole|0', 5, 1],
      ['d1:0|chunk|whole|0', 1, undefined],
    ]);
    const c3 = result.chunks[1];
    expect(c3.firstRank).toBe(1);
    expect(c3.score).toBeCloseTo(1 / 65 + 1 / 61, 12);
    expect(result.chunks[0].score).toBeCloseTo(1 / 61, 12);
  });

  it('hybrid keeps BM25 inside the strategy rows', () => {
    // The cluster entry also names Zhang Wei; naive must never see it, though every chunk is walked.
    const result = retrieve(makeCorpus(), [question], { strategy: 'naive', n: 5, hybrid: true });
    expect(result.trace.map((t) => t.kind)).toEqual(['chunk', 'chunk', 'chunk', 'chunk', 'chunk']);
    expect(ids(result)).toEqual(['d1:0', 'd1:1', 'd1:2', 'd1:3', 'd1:4']);
  });

  it('cap-rag backtracks a cluster hit to its member chunks', () => {
    const result = retrieve(makeCorpus(), [question], { strategy: 'cap-rag', n: 2, hybrid: false });
    // c0 (1.0) then the cluster (0.96) adds c2 and c4: three chunks, over N = 2 by design.
    expect(ids(result)).toEqual(['d1:0', 'd1:2', 'd1:4']);
    expect(result.trace[1]).toMatchObject({ kind: 'cluster', fromCluster: true, added: ['d1:2', 'd1:4'] });
    expect(result.chunks[1].firstRank).toBe(2);
    expect(result.chunks[1].score).toBeCloseTo(0.96, 6);
  });

  it('fuses several query variants by RRF, keeping the best dense rank', () => {
    const other = { text: 'appeals', vector: Float32Array.of(0, 0, 1, 0) };
    const result = retrieve(makeCorpus(), [question, other], { strategy: 'naive', n: 2, hybrid: false });
    // Variant 1 ranks c0 c1 c2 c4 c3; variant 2 ranks c4 first, then the zero ties by row: c0 c1 c2 c3.
    // c0: 1/61 + 1/62 = 0.032522; c4: 1/64 + 1/61 = 0.032018; c1: 1/62 + 1/63 = 0.032002.
    expect(ids(result)).toEqual(['d1:0', 'd1:4']);
    expect(result.trace.map((t) => [t.score, t.denseRank])).toEqual([
      [1 / 61 + 1 / 62, 1],
      [1 / 64 + 1 / 61, 1],
    ]);
  });

  it('takes at most M candidates', () => {
    const result = retrieve(makeCorpus(), [question], { strategy: 'naive', n: 2, m: 1, hybrid: false });
    expect(ids(result)).toEqual(['d1:0']);
  });

  it('returns nothing without queries or for N = 0', () => {
    expect(retrieve(makeCorpus(), [], { strategy: 'naive', n: 2, hybrid: true })).toEqual({ chunks: [], trace: [] });
    expect(retrieve(makeCorpus(), [question], { strategy: 'naive', n: 0, hybrid: true })).toEqual({ chunks: [], trace: [] });
  });
});
