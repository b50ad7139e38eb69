import { describe, expect, it, vi } from 'vitest';
import {
  FlatVectorIndex,
  LexicalIndex,
  kindsFor,
  retrieve,
  type RetrievalCorpus,
} from '../../../src/core/search/index.ts';
import type { Chunk, Entry, EntryOrigin, Strategy } from '../../../src/core/types.ts';
import { seededRandom } from '../../../src/core/util/random.ts';

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
    findChunk: (chunkId) => chunks.find((c) => c.id === chunkId),
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
    const result = retrieve(makeCorpus(), [question], { strategy: 'naive', n: 2, retriever: 'dense' });
    expect(ids(result)).toEqual(['d1:0', 'd1:1']);
    expect(result.chunks[0]).toMatchObject({ docName: 'law.txt', docTitle: 'Data Law', firstRank: 1 });
    expect(result.chunks[0].score).toBeCloseTo(1, 6);
    expect(result.chunks[1].score).toBeCloseTo(0.8, 6);
    expect(result.trace.map((t) => [t.denseRank, t.lexicalRank])).toEqual([[1, undefined], [2, undefined]]);
  });

  // Dense over the chunks, min–max over the list: c0 1, c1 0.875, c2 0.75, c4 0.375, c3 0.
  // BM25: only c3 names Zhang Wei, so c3 1 and nothing else.
  it('hybrid: the weight decides between a strong BM25 hit and the dense list', () => {
    const lexicalLeads = retrieve(makeCorpus(), [question], { strategy: 'naive', n: 2, retriever: 'hybrid', denseWeight: 0.4 });
    // c3: 0.6 · 1 = 0.6 beats c0: 0.4 · 1 = 0.4; best first
    expect(ids(lexicalLeads)).toEqual(['d1:3', 'd1:0']);
    expect(lexicalLeads.trace.map((t) => [t.entryId, t.denseRank, t.lexicalRank])).toEqual([
      ['d1:3|chunk|whole|0', 5, 1],
      ['d1:0|chunk|whole|0', 1, undefined],
    ]);
    expect(lexicalLeads.chunks[0].score).toBeCloseTo(0.6, 12);
    expect(lexicalLeads.chunks[1].score).toBeCloseTo(0.4, 12);
    // c0: 0.6, c1: 0.525, c3: 0.4
    const denseLeads = retrieve(makeCorpus(), [question], { strategy: 'naive', n: 2, retriever: 'hybrid', denseWeight: 0.6 });
    expect(ids(denseLeads)).toEqual(['d1:0', 'd1:1']);
  });

  it('lexical only: BM25 over the strategy rows, nothing without a shared word', () => {
    const result = retrieve(makeCorpus(), [question], { strategy: 'naive', n: 3, retriever: 'lexical' });
    expect(ids(result)).toEqual(['d1:3']);
    expect(result.trace[0]).toMatchObject({ lexicalRank: 1 });
    expect(result.trace[0].denseRank).toBeUndefined();
  });

  it('hybrid keeps BM25 inside the strategy rows', () => {
    // The cluster entry also names Zhang Wei; naive must never see it, though every chunk is walked.
    const result = retrieve(makeCorpus(), [question], { strategy: 'naive', n: 5, retriever: 'hybrid' });
    expect(result.trace.map((t) => t.kind)).toEqual(['chunk', 'chunk', 'chunk', 'chunk', 'chunk']);
    // c0 and c3 tie at 0.5 (each first in one list); the lower row goes first
    expect(ids(result)).toEqual(['d1:0', 'd1:3', 'd1:1', 'd1:2', 'd1:4']);
  });

  it('cap-rag backtracks a cluster hit to its member chunks', () => {
    const result = retrieve(makeCorpus(), [question], { strategy: 'cap-rag', n: 2, retriever: 'dense' });
    // c0 (1.0) then the cluster (0.96) adds c2, the member the question finds better on its own
    // (0.6 against c4's 0): N = 2 chunks, the second lifted by its cluster.
    expect(ids(result)).toEqual(['d1:0', 'd1:2']);
    expect(result.trace[1]).toMatchObject({ kind: 'cluster', fromCluster: true, added: ['d1:2'], backtracksTo: ['d1:2', 'd1:4'] });
    expect(result.chunks[1]).toMatchObject({ firstRank: 2, via: 'cluster' });
    expect(result.chunks[1].score).toBeCloseTo(0.96, 6);
  });

  it('ranked backtracking takes members the candidates never reach only to make up N; the paper walk takes them all', () => {
    // With M = 2 the candidates are c0 and the cluster: neither member is found on its own.
    const ranked = retrieve(makeCorpus(), [question], { strategy: 'cap-rag', n: 2, m: 2, retriever: 'dense' });
    expect(ids(ranked)).toEqual(['d1:0', 'd1:2']);
    const paper = retrieve(makeCorpus(), [question], { strategy: 'cap-rag', n: 2, m: 2, retriever: 'dense', backtrack: 'paper' });
    expect(ids(paper)).toEqual(['d1:0', 'd1:2', 'd1:4']);
  });

  it('fuses several query variants by RRF, keeping the best dense rank', () => {
    const other = { text: 'appeals', vector: Float32Array.of(0, 0, 1, 0) };
    const result = retrieve(makeCorpus(), [question, other], { strategy: 'naive', n: 2, retriever: 'dense' });
    // Variant 1 ranks c0 c1 c2 c4 c3; variant 2 ranks c4 first, then the zero ties by row: c0 c1 c2 c3.
    // c0: 1/61 + 1/62 = 0.032522; c4: 1/64 + 1/61 = 0.032018; c1: 1/62 + 1/63 = 0.032002.
    expect(ids(result)).toEqual(['d1:0', 'd1:4']);
    expect(result.trace.map((t) => [t.score, t.denseRank])).toEqual([
      [1 / 61 + 1 / 62, 1],
      [1 / 64 + 1 / 61, 1],
    ]);
  });

  it('takes at most M candidates', () => {
    const result = retrieve(makeCorpus(), [question], { strategy: 'naive', n: 2, m: 1, retriever: 'dense' });
    expect(ids(result)).toEqual(['d1:0']);
  });

  it('counts M in chunks, not rows: sentences of one chunk do not use up the list', () => {
    // c0 with three pre-parsed sentences closest to the query, then c1, then c2
    const own: Entry[] = ['c0', 'c1', 'c2'].map((id) => ({ id: `${id}|chunk|whole|0`, kind: 'chunk', level: 'whole', text: id, origin: { type: 'chunk', id } }));
    const sentences: Entry[] = [0, 1, 2].map((i) => ({ id: `c0|query|point|${i}`, kind: 'query', level: 'point', text: `c0 sentence ${i}`, origin: { type: 'chunk', id: 'c0' } }));
    const rows = [...own, ...sentences];
    const vectors = new FlatVectorIndex(2);
    vectors.add([[0.9, 0.44], [0.8, 0.6], [0.6, 0.8], [1, 0], [0.99, 0.14], [0.98, 0.2]].map((v) => Float32Array.from(v)));
    const local = (id: string): Chunk => ({ id, docId: 'd', ordinal: Number(id[1]), text: id, headingPath: [], start: 0, end: 2, tokens: 1 });
    const corpus: RetrievalCorpus = {
      entry: (row) => rows[row],
      chunksOf: (origin) => [origin.id],
      orderOf: (chunkId) => Number(chunkId[1]),
      chunk: local,
      findChunk: local,
      docLabel: () => ({ name: 'd.txt', title: 'D' }),
      rowsFor: (strategy) => Int32Array.from(rows.flatMap((e, row) => (kindsFor(strategy).has(e.kind) ? [row] : []))),
      vectors,
      lexical: new LexicalIndex(),
    };
    const result = retrieve(corpus, [{ text: 'q', vector: Float32Array.of(1, 0) }], { strategy: 'p-rag', n: 2, m: 2, retriever: 'dense' });
    // two rows would be two of c0's sentences, and c1 would never be reached
    expect(ids(result)).toEqual(['c0', 'c1']);
    expect(result.trace.map((t) => t.entryId)).toEqual(['c0|query|point|0', 'c0|query|point|1', 'c0|query|point|2', 'c0|chunk|whole|0', 'c1|chunk|whole|0']);
    // and so does the list fused across query variants
    const variants = [
      { text: 'q', vector: Float32Array.of(1, 0) },
      { text: 'q2', vector: Float32Array.of(0.99, 0.1) },
    ];
    expect(ids(retrieve(corpus, variants, { strategy: 'p-rag', n: 2, m: 2, retriever: 'dense' }))).toEqual(['c0', 'c1']);
  });

  it('reads deeper when the best chunk has far more sentences than a chunk has on average', () => {
    // c0 with 20 sentences nearest the query, c1 next, then c2..c9 with none: 3 rows a chunk on
    // average, so a list of 2 × 2 × 3 rows holds c0's sentences alone and must be read again deeper
    const chunkIds = Array.from({ length: 10 }, (_, i) => `c${i}`);
    const own: Entry[] = chunkIds.map((id) => ({ id: `${id}|chunk|whole|0`, kind: 'chunk', level: 'whole', text: id, origin: { type: 'chunk', id } }));
    const sentences: Entry[] = Array.from({ length: 20 }, (_, i) => ({ id: `c0|query|point|${i}`, kind: 'query', level: 'point', text: `c0 sentence ${i}`, origin: { type: 'chunk', id: 'c0' } }));
    const rows = [...own, ...sentences];
    const vectors = new FlatVectorIndex(2);
    const at = (angle: number) => Float32Array.of(Math.cos(angle), Math.sin(angle));
    vectors.add([...chunkIds.map((_, i) => at(i === 0 ? 0.5 : 0.6 + 0.1 * i)), ...sentences.map((_, i) => at(0.01 * i))]);
    const corpus: RetrievalCorpus = {
      entry: (row) => rows[row],
      chunksOf: (origin) => [origin.id],
      orderOf: (chunkId) => Number(chunkId.slice(1)),
      chunk: (id) => ({ id, docId: 'd', ordinal: Number(id.slice(1)), text: id, headingPath: [], start: 0, end: 2, tokens: 1 }),
      findChunk: (id) => ({ id, docId: 'd', ordinal: Number(id.slice(1)), text: id, headingPath: [], start: 0, end: 2, tokens: 1 }),
      docLabel: () => ({ name: 'd.txt', title: 'D' }),
      rowsFor: (strategy) => Int32Array.from(rows.flatMap((e, row) => (kindsFor(strategy).has(e.kind) ? [row] : []))),
      vectors,
      lexical: new LexicalIndex(),
    };
    const scans = vi.spyOn(vectors, 'searchScored');
    expect(ids(retrieve(corpus, [{ text: 'q', vector: at(0) }], { strategy: 'p-rag', n: 2, m: 2, retriever: 'dense' }))).toEqual(['c0', 'c1']);
    // read at 6, 12 and 24 rows: each list is searched twice as deep as asked, so 12 is a slice of
    // the first scan and 24 of the second
    expect(scans.mock.calls.map(([, k]) => k)).toEqual([12, 48]);
  });

  it('finds the first d hits of a list the same at any depth, ties included, which lets a deeper list stand in', () => {
    const random = seededRandom(11);
    const vectors = new FlatVectorIndex(4, 'int8');
    const lexical = new LexicalIndex();
    const words = ['alpha', 'beta', 'gamma', 'delta'];
    for (let row = 0; row < 400; row++) {
      // few distinct vectors and texts, so many rows tie
      vectors.add([Float32Array.from({ length: 4 }, () => Math.floor(random() * 3) - 1)]);
      lexical.add(row, Array.from({ length: 1 + Math.floor(random() * 3) }, () => words[Math.floor(random() * 4)]).join(' '));
    }
    const query = Float32Array.of(1, 0.5, -1, 0);
    for (const d of [1, 7, 50, 120]) {
      expect(vectors.search(query, d)).toEqual(vectors.search(query, 2 * d).slice(0, d));
      expect(lexical.search('alpha gamma', d)).toEqual(lexical.search('alpha gamma', 2 * d).slice(0, d));
    }
  });

  it('returns nothing without queries or for N = 0', () => {
    expect(retrieve(makeCorpus(), [], { strategy: 'naive', n: 2, retriever: 'hybrid' })).toEqual({ chunks: [], trace: [] });
    expect(retrieve(makeCorpus(), [question], { strategy: 'naive', n: 0, retriever: 'hybrid' })).toEqual({ chunks: [], trace: [] });
  });
});
