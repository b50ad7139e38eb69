import { describe, expect, it } from 'vitest';
import { declaredFaces, inIdleSlices, warmLines, type FontRule, type IdleSlice } from '../../src/app/lib/warm-fonts.ts';

const rule = (fontSize = '', fontWeight = ''): FontRule => ({ style: { fontSize, fontWeight } });

describe('declaredFaces', () => {
  it('collects the rem and px sizes and numeric weights of the rules, inside grouping rules too', () => {
    const rules: FontRule[] = [
      rule('0.68rem', '650'),
      rule('0.68rem', ''),
      rule('', '700'),
      { cssRules: [rule('1.2rem', '550'), { cssRules: [rule('12px', 'bold')] }] },
      rule('1.1em', 'bolder'), // relative to where it is used: not warmed
      {}, // a rule without declarations (@font-face, @import)
    ];
    const faces = declaredFaces(rules, { fontSize: '15px', fontWeight: '400' });
    expect(faces.sizes.sort()).toEqual(['0.68rem', '1.2rem', '12px', '15px']);
    expect(faces.weights.sort()).toEqual(['400', '550', '650', '700']);
  });

  it('warms at least the body face', () => {
    expect(declaredFaces([], { fontSize: '16px', fontWeight: '500' })).toEqual({ sizes: ['16px'], weights: ['500', '400'] });
  });
});

describe('warmLines', () => {
  it('lays out every size and weight of both families, and italic in the regular weight only', () => {
    const lines = warmLines({ sizes: ['12px', '1rem'], weights: ['400', '650'] });
    expect(lines).toHaveLength(2 * 2 * 3);
    expect(lines.filter((l) => l.italic).map((l) => l.weight)).toEqual(['400', '400', '400', '400']);
    expect(new Set(lines.map((l) => `${l.family} ${l.size} ${l.weight} ${l.italic}`)).size).toBe(lines.length);
  });
});

describe('inIdleSlices', () => {
  /** A scheduler whose slices have `budget` ms, each item's work taking `cost` ms. */
  function run(items: number, budget: number, cost: number) {
    const slices: number[][] = [];
    let pending: ((slice: IdleSlice) => void) | undefined;
    let finished = false;
    let current: number[] = [];
    let left = 0;
    inIdleSlices(
      Array.from({ length: items }, (_, i) => i),
      (item) => {
        current.push(item);
        left -= cost;
      },
      (next) => (pending = next),
      () => (finished = true),
    );
    while (pending) {
      const next = pending;
      pending = undefined;
      current = [];
      left = budget;
      next({ timeRemaining: () => Math.max(0, left) });
      slices.push(current);
    }
    return { slices, finished };
  }

  it('does as many items a slice as its time allows, never none, and each item once', () => {
    const { slices, finished } = run(10, 20, 2);
    expect(slices.flat()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(slices.map((s) => s.length)).toEqual([4, 4, 2]);
    expect(finished).toBe(true);
  });

  it('works only a part of a long idle period, so that a message that comes meanwhile is not kept waiting for all of it', () => {
    const { slices } = run(30, 50, 3);
    expect(slices.flat()).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(Math.max(...slices.map((s) => s.length))).toBeLessThan(5);
  });

  it('does one item a slice when a slice has no time (a timed-out idle callback)', () => {
    const { slices } = run(3, 0, 3);
    expect(slices).toEqual([[0], [1], [2]]);
  });

  it('finishes at once with nothing to do', () => {
    expect(run(0, 10, 1)).toEqual({ slices: [], finished: true });
  });
});
