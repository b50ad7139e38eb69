import { describe, expect, it } from 'vitest';
import { rowMask } from '../../../src/core/search/row-mask.ts';

describe('rowMask', () => {
  it('marks the rows given, one byte a row', () => {
    expect(Array.from(rowMask(Int32Array.of(0, 3), 5))).toEqual([1, 0, 0, 1, 0]);
  });

  it('is made once per rows array, and again when the corpus has grown', () => {
    const rows = Int32Array.of(1, 2);
    const mask = rowMask(rows, 4);
    expect(rowMask(rows, 4)).toBe(mask);
    // an equal but other array (the corpus's rows changed) gets its own
    expect(rowMask(Int32Array.of(1, 2), 4)).not.toBe(mask);
    const grown = rowMask(rows, 6);
    expect(grown).not.toBe(mask);
    expect(Array.from(grown)).toEqual([0, 1, 1, 0, 0, 0]);
  });
});
