import { describe, expect, it } from 'vitest';
import { TopK, type Hit } from '../../../src/core/search/index.ts';
import { seededRandom } from '../../../src/core/util/random.ts';

function fullSort(scores: number[], k: number): Hit[] {
  return scores
    .map((score, row) => ({ row, score }))
    .sort((a, b) => b.score - a.score || a.row - b.row)
    .slice(0, k);
}

describe('TopK', () => {
  it('keeps exactly what a full sort keeps, ties by lower row', () => {
    const random = seededRandom(7);
    for (const [n, k] of [[1000, 10], [1000, 1], [500, 499], [50, 80], [2000, 200]]) {
      // Scores rounded to 20 levels so ties are frequent and the tie rule is exercised.
      const scores = Array.from({ length: n }, () => Math.round(random() * 20) / 20);
      const top = new TopK(k);
      // Push in a shuffled order: the heap must not depend on rows arriving sorted.
      const order = scores.map((_, row) => row).sort(() => random() - 0.5);
      for (const row of order) top.push(row, scores[row]);
      expect(top.result()).toEqual(fullSort(scores, k));
    }
  });

  it('returns nothing for k = 0 and ignores NaN scores', () => {
    const zero = new TopK(0);
    zero.push(1, 1);
    expect(zero.result()).toEqual([]);
    const top = new TopK(2);
    top.push(0, Number.NaN);
    top.push(1, 0.5);
    top.push(2, -1);
    top.push(3, Number.NaN);
    expect(top.result()).toEqual([{ row: 1, score: 0.5 }, { row: 2, score: -1 }]);
  });

  it('exposes the admission threshold once full, and result() does not consume', () => {
    const top = new TopK(2);
    expect(top.threshold).toBe(-Infinity);
    top.push(4, 0.2);
    top.push(9, 0.7);
    expect(top.threshold).toBe(0.2);
    top.push(1, 0.2); // same score, lower row: replaces row 4
    expect(top.result()).toEqual([{ row: 9, score: 0.7 }, { row: 1, score: 0.2 }]);
    expect(top.result()).toEqual([{ row: 9, score: 0.7 }, { row: 1, score: 0.2 }]);
  });

  it('rejects a negative or fractional k', () => {
    expect(() => new TopK(-1)).toThrow(RangeError);
    expect(() => new TopK(1.5)).toThrow(RangeError);
  });
});
