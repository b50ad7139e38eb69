import { describe, expect, it } from 'vitest';
import { fuseByScore } from '../../../src/core/search/index.ts';

/** Hits of a list, best first, from [row, score] pairs. */
const hits = (...pairs: [number, number][]) => pairs.map(([row, score]) => ({ row, score }));

describe('fuseByScore', () => {
  it('rescales each list from its zero to its first hit and mixes them by the weight', () => {
    const dense = hits([1, 0.9], [2, 0.7], [3, 0.5]);
    const lexical = hits([3, 8], [4, 2]);
    // dense from the mean 0.5: row 1 → 1, row 2 → 0.5, row 3 → 0; BM25 from 0: row 3 → 1, row 4 → 0.25
    const fused = fuseByScore(dense, lexical, 0.25, 10, { denseZero: 0.5 });
    expect(fused.map((c) => c.row)).toEqual([3, 1, 4, 2]);
    [0.75, 0.25, 0.1875, 0.125].forEach((score, i) => expect(fused[i].score).toBeCloseTo(score, 12));
    expect(fused[0]).toMatchObject({ denseRank: 3, lexicalRank: 1 });
    expect(fuseByScore(dense, lexical, 1, 2, { denseZero: 0.5 }).map((c) => c.row)).toEqual([1, 2]);
  });

  it('keeps BM25 margins against a dense list whose hits stand alike above the typical row', () => {
    // the encoder finds A and B nearly alike, both far above the mean; BM25 prefers B by far
    const dense = hits([0, 0.6], [1, 0.59]);
    const lexical = hits([1, 10], [0, 5]);
    expect(fuseByScore(dense, lexical, 0.5, 10, { denseZero: 0.3 }).map((c) => c.row)).toEqual([1, 0]);
    // had the dense list's own last hit been its zero, the one-hundredth of difference would be
    // all of the range and outvote B's lead in BM25
    expect(fuseByScore(dense, lexical, 0.5, 10, { denseZero: 0.59 }).map((c) => c.row)).toEqual([0, 1]);
  });

  it('is exactly one list at a weight of 0 or 1, the other list breaking ties', () => {
    const dense = hits([5, 0.9], [6, 0.8], [2, 0.7], [1, 0.1]);
    const lexical = hits([1, 6], [2, 3], [3, 1]);
    expect(fuseByScore(dense, lexical, 0, 10, { denseZero: 0.2 }).map((c) => c.row)).toEqual([1, 2, 3, 5, 6]);
    expect(fuseByScore(dense, lexical, 1, 10, { denseZero: 0.2 }).map((c) => c.row)).toEqual([5, 6, 2, 1, 3]);
  });

  it('counts every dense hit in full when none stands above the typical row', () => {
    const dense = hits([0, 0.1], [1, 0.05]);
    expect(fuseByScore(dense, [], 1, 10, { denseZero: 0.2 }).map((c) => c.score)).toEqual([1, 1]);
  });

  it('scores a row with no vector yet by its words alone, as if the dense list agreed', () => {
    const dense = hits([1, 0.9], [2, 0.5]);
    const lexical = hits([7, 8], [1, 4], [2, 2]);
    // row 7 has no vector: its lexical 1 counts whole instead of at half
    const fused = fuseByScore(dense, lexical, 0.5, 10, { denseZero: 0.5, unembedded: (row) => row === 7 });
    expect(fused.map((c) => [c.row, c.score])).toEqual([
      [7, 1],
      [1, 0.5 + 0.25],
      [2, 0.125],
    ]);
    expect(fuseByScore(dense, lexical, 0.5, 10, { denseZero: 0.5 })[0].row).toBe(1);
  });
});
