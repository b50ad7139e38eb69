import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion, type Hit } from '../../../src/core/search/index.ts';

const list = (...rows: number[]): Hit[] => rows.map((row, i) => ({ row, score: 1 - i / 10 }));

describe('reciprocalRankFusion', () => {
  it('sums 1 / (60 + rank) over the lists and records each rank', () => {
    const fused = reciprocalRankFusion([list(1, 2, 3), list(3, 1)]);
    // row 1: 1/61 + 1/62; row 3: 1/63 + 1/61; row 2: 1/62.
    expect(fused.map((h) => h.row)).toEqual([1, 3, 2]);
    expect(fused[0].score).toBeCloseTo(1 / 61 + 1 / 62, 15);
    expect(fused[1].score).toBeCloseTo(1 / 63 + 1 / 61, 15);
    expect(fused[2].score).toBeCloseTo(1 / 62, 15);
    expect(fused.map((h) => h.ranks)).toEqual([[1, 2], [3, 1], [2, undefined]]);
  });

  it('ignores the input scores: only ranks count', () => {
    const a = reciprocalRankFusion([[{ row: 5, score: 900 }, { row: 6, score: 0.001 }], [{ row: 6, score: 0.2 }]]);
    expect(a.map((h) => h.row)).toEqual([6, 5]);
  });

  it('uses the given k', () => {
    const fused = reciprocalRankFusion([list(4, 8)], 0);
    expect(fused.map((h) => h.score)).toEqual([1, 0.5]);
  });

  it('orders ties by first appearance, reading the lists rank by rank', () => {
    // p and r tie at 1/61, q and s at 1/62; p, r are met at rank 1, q, s at rank 2.
    const fused = reciprocalRankFusion([list(10, 11), list(20, 21)]);
    expect(fused.map((h) => h.row)).toEqual([10, 20, 11, 21]);
  });

  it('counts a row repeated within one list once, at its best rank', () => {
    const fused = reciprocalRankFusion([list(1, 2, 1)]);
    expect(fused).toEqual([
      { row: 1, score: 1 / 61, ranks: [1] },
      { row: 2, score: 1 / 62, ranks: [2] },
    ]);
  });

  it('with groups, ranks a row by the distinct groups met up to its own', () => {
    // list one: rows 1, 2, 3 are one group (a chunk and two of its sentences), then row 4;
    // list two: row 4 alone. Row 4 is second in list one, not fourth.
    const group = (row: number) => (row <= 3 ? 'a' : 'b');
    const fused = reciprocalRankFusion([list(1, 2, 3, 4), list(4)], 60, group);
    expect(fused.map((h) => [h.row, h.ranks])).toEqual([
      [4, [2, 1]],
      [1, [1, undefined]],
      [2, [1, undefined]],
      [3, [1, undefined]],
    ]);
    expect(fused[0].score).toBeCloseTo(1 / 62 + 1 / 61, 15);
    // without groups row 4 is fourth in list one, and row 1 ties it
    expect(reciprocalRankFusion([list(1, 2, 3, 4), list(4)]).find((h) => h.row === 4)?.ranks).toEqual([4, 1]);
  });

  it('with groups, a group found through different rows in two lists has both votes', () => {
    // chunk a: row 1 is its own entry, row 2 one of its sentences; chunk b is row 3, chunk c row 4.
    // List one finds a by its entry, list two by its sentence; b is first in both, c second in one.
    const group = (row: number) => (row <= 2 ? 'a' : `r${row}`);
    const fused = reciprocalRankFusion([list(3, 1), list(3, 4, 2)], 60, group);
    expect(fused.map((h) => [h.row, h.ranks])).toEqual([
      [3, [1, 1]],
      [1, [2, undefined]],
      [2, [undefined, 3]],
      [4, [undefined, 2]],
    ]);
    // both of a's rows carry a's score: second in list one, third in list two
    expect(fused[1].score).toBeCloseTo(1 / 62 + 1 / 63, 15);
    expect(fused[2].score).toBe(fused[1].score);
    expect(fused[3].score).toBeCloseTo(1 / 62, 15);
    // scored by row, a's votes split: c's one vote ties a's entry and beats a's sentence
    const byRow = reciprocalRankFusion([list(3, 1), list(3, 4, 2)]);
    expect(byRow.map((h) => h.row)).toEqual([3, 1, 4, 2]);
    expect(byRow[2].score).toBeGreaterThan(byRow[3].score);
  });

  it('returns nothing for no lists or empty lists', () => {
    expect(reciprocalRankFusion([])).toEqual([]);
    expect(reciprocalRankFusion([[], []])).toEqual([]);
  });
});
