import { describe, expect, it } from 'vitest';
import { backtrack, ownRelevance, type BacktrackCorpus, type Candidate } from '../../../src/core/search/index.ts';
import type { Entry, EntryOrigin } from '../../../src/core/types.ts';

// Two documents, A (chunks a0..a4) then B (b0..b2); document order is A's chunks, then B's.
const order = ['a0', 'a1', 'a2', 'a3', 'a4', 'b0', 'b1', 'b2'];
// A cluster across both documents and a RAPTOR node over a0, a1.
const members: Record<string, string[]> = { K: ['a1', 'a3', 'b0'], R: ['a0', 'a1'] };

const entries: Entry[] = [
  { id: 'a2|chunk|whole|0', kind: 'chunk', level: 'whole', text: 'chunk a2', origin: { type: 'chunk', id: 'a2' } },
  { id: 'a2|query|whole|0', kind: 'query', level: 'whole', text: 'question about a2', origin: { type: 'chunk', id: 'a2' } },
  { id: 'K|cluster|whole|0', kind: 'cluster', level: 'whole', text: 'a1 a3 b0', origin: { type: 'cluster', id: 'K' } },
  { id: 'K|summary|point|1', kind: 'summary', level: 'point', text: 'summary of K', origin: { type: 'cluster', id: 'K' } },
  { id: 'b2|chunk|whole|0', kind: 'chunk', level: 'whole', text: 'chunk b2', origin: { type: 'chunk', id: 'b2' } },
  { id: 'a4|context|point|0', kind: 'context', level: 'point', text: 'from a4', origin: { type: 'chunk', id: 'a4' } },
  { id: 'R|raptor|whole|0', kind: 'raptor', level: 'whole', text: 'summary of a0 a1', origin: { type: 'raptor', id: 'R' } },
  { id: 'a0|chunk|whole|0', kind: 'chunk', level: 'whole', text: 'chunk a0', origin: { type: 'chunk', id: 'a0' } },
  { id: 'b0|chunk|whole|0', kind: 'chunk', level: 'whole', text: 'chunk b0', origin: { type: 'chunk', id: 'b0' } },
  { id: 'a3|chunk|whole|0', kind: 'chunk', level: 'whole', text: 'chunk a3', origin: { type: 'chunk', id: 'a3' } },
];

const corpus: BacktrackCorpus = {
  entry: (row) => entries[row],
  chunksOf: (origin: EntryOrigin) => (origin.type === 'chunk' ? [origin.id] : members[origin.id]),
  orderOf: (chunkId) => order.indexOf(chunkId),
};

/** Candidates for the given rows with scores 0.9, 0.8, ... in that rank order. */
const ranked = (...rows: number[]): Candidate[] => rows.map((row, i) => ({ row, score: 0.9 - i / 10 }));

describe('backtrack (Algorithm 1)', () => {
  it('lets a cluster overshoot N, then stops before the next candidate', () => {
    const result = backtrack(ranked(4, 2, 5), 3, corpus);
    // b2 (1 held), then K adds a1, a3, b0 (4 held > N = 3); a4 is never reached. Best first, the
    // members of one hit in document order.
    expect(result.chunkIds).toEqual(['b2', 'a1', 'a3', 'b0']);
    expect(result.trace.map((t) => t.entryId)).toEqual(['b2|chunk|whole|0', 'K|cluster|whole|0']);
    expect(result.trace[1]).toMatchObject({ rank: 2, kind: 'cluster', fromCluster: true, added: ['a1', 'a3', 'b0'] });
    expect(result.firstRank.get('b2')).toBe(1);
    expect(result.firstRank.get('b0')).toBe(2);
  });

  it('deduplicates, and the trace tells what each candidate added from all it backtracks to', () => {
    const result = backtrack(ranked(1, 0, 6, 3, 4, 7), 5, corpus);
    expect(result.trace.map((t) => [t.rank, t.added, t.backtracksTo])).toEqual([
      [1, ['a2'], ['a2']], // the pre-parsed query of a2
      [2, [], ['a2']], // a2 itself: already held
      [3, ['a0', 'a1'], ['a0', 'a1']], // the RAPTOR node
      [4, ['a3', 'b0'], ['a1', 'a3', 'b0']], // a point summary of K: a1 already held
    ]); // 5 held = N: b2 and a0 are not walked
    expect(result.trace.map((t) => t.fromCluster)).toEqual([false, false, true, true]);
    expect(result.trace[3]).toMatchObject({ kind: 'summary', level: 'point', text: 'summary of K' });
    expect(result.trace[2].score).toBeCloseTo(0.7, 12);
    expect(result.chunkIds).toEqual(['a2', 'a0', 'a1', 'a3', 'b0']);
    expect(Object.fromEntries(result.firstRank)).toEqual({ a2: 1, a0: 3, a1: 3, a3: 4, b0: 4 });
    // a1 is reached by R (0.7) and by K's summary (0.6): it keeps the better.
    expect(result.bestScore.get('a1')).toBeCloseTo(0.7, 12);
    expect(result.bestScore.get('a3')).toBeCloseTo(0.6, 12);
  });

  it('with chunk entries only it is plain top-N, best first', () => {
    const result = backtrack(ranked(4, 0, 7), 2, corpus);
    expect(result.chunkIds).toEqual(['b2', 'a2']);
    expect(result.trace).toHaveLength(2);
    expect(result.trace.every((t) => !t.fromCluster)).toBe(true);
  });

  it('walks every candidate when they hold fewer than N chunks', () => {
    const result = backtrack(ranked(0, 1, 5), 10, corpus);
    expect(result.chunkIds).toEqual(['a2', 'a4']);
    expect(result.trace).toHaveLength(3);
  });

  it('passes per-list ranks into the trace', () => {
    const result = backtrack([{ row: 0, score: 0.03, denseRank: 4, lexicalRank: 1 }, { row: 4, score: 0.02, denseRank: 1 }], 5, corpus);
    expect(result.trace.map((t) => [t.denseRank, t.lexicalRank])).toEqual([[4, 1], [1, undefined]]);
    expect('lexicalRank' in result.trace[1]).toBe(false);
  });

  it('returns nothing for N = 0', () => {
    expect(backtrack(ranked(0, 1), 0, corpus)).toEqual({ chunkIds: [], trace: [], firstRank: new Map(), bestScore: new Map(), via: new Map() });
  });
});

describe('ranked backtracking', () => {
  it('a cluster hit brings one member, the one the question finds best on its own', () => {
    // K first (0.9), then b0 (0.8), a3 (0.7), a2 (0.6). K's members: a1 (found by nothing), a3, b0.
    const result = backtrack(ranked(2, 8, 9, 0), 3, corpus, 'ranked');
    expect(result.trace[0]).toMatchObject({ kind: 'cluster', added: ['b0'], backtracksTo: ['a1', 'a3', 'b0'] });
    expect(result.chunkIds).toEqual(['b0', 'a3', 'a2']);
    expect(result.via.get('b0')).toBe('cluster');
    expect(result.via.get('a3')).toBe('chunk');
    expect(result.via.get('a2')).toBe('chunk');
    // the paper's walk takes every member in document order and stops there
    expect(backtrack(ranked(2, 8, 9, 0), 3, corpus, 'paper').chunkIds).toEqual(['a1', 'a3', 'b0']);
  });

  it('leaves the candidates after a cluster hit their places', () => {
    // K, then a2 (0.8), b0 (0.7), a3 (0.6): K lifts b0, its best member; a2 keeps second place
    // ahead of K's other member a3, which the question finds less well.
    const result = backtrack(ranked(2, 0, 8, 9), 3, corpus, 'ranked');
    expect(result.chunkIds).toEqual(['b0', 'a2', 'a3']);
    expect(result.trace.map((t) => t.added)).toEqual([['b0'], ['a2'], [], ['a3']]);
    // a second hit of the same cluster brings its next member
    const twice = backtrack(ranked(2, 3, 0, 8, 9), 3, corpus, 'ranked');
    expect(twice.trace.map((t) => t.added)).toEqual([['b0'], ['a3'], ['a2']]);
  });

  it('a cluster whose members nothing else finds adds them only to make up N when the candidates run out', () => {
    const enough = backtrack(ranked(2, 4), 1, corpus, 'ranked');
    expect(enough.trace[0].added).toEqual([]);
    expect(enough.chunkIds).toEqual(['b2']);
    // K's members, in its order, after everything the candidates found; never more than N
    const short = backtrack(ranked(2, 4), 3, corpus, 'ranked');
    expect(short.chunkIds).toEqual(['b2', 'a1', 'a3']);
    expect(short.trace[0].added).toEqual(['a1', 'a3']);
    expect(short.firstRank.get('a1')).toBe(1);
    expect(short.via.get('a3')).toBe('cluster');
  });

  it('own relevance is the best score of a chunk-origin candidate, within the first chunks reached', () => {
    const relevance = ownRelevance([...ranked(1, 2, 8), { row: 0, score: 0.95 }], corpus);
    // the query entry of a2 (0.9) and a2's own entry (0.95): the better counts; K is no chunk
    expect(Object.fromEntries(relevance)).toEqual({ a2: 0.95, b0: expect.closeTo(0.7, 12) });
    expect([...ownRelevance(ranked(0, 8, 9), corpus, 2).keys()]).toEqual(['a2', 'b0']);
  });
});
