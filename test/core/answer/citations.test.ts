import { describe, expect, it } from 'vitest';
import { parseCitations, validateCitations } from '../../../src/core/answer/citations.ts';

const numbers = (text: string) => parseCitations(text).map((c) => c.n);

describe('parseCitations', () => {
  it('finds a single citation with the span of its bracket', () => {
    expect(parseCitations('Paris [1].')).toEqual([{ n: 1, start: 6, end: 9 }]);
  });

  it('reads lists, adjacent brackets and ranges', () => {
    expect(parseCitations('a [2,3] b')).toEqual([
      { n: 2, start: 2, end: 7 },
      { n: 3, start: 2, end: 7 },
    ]);
    expect(numbers('x [2, 3] y [4 ,5]')).toEqual([2, 3, 4, 5]);
    expect(numbers('x [1][2].')).toEqual([1, 2]);
    expect(numbers('x [1-3]')).toEqual([1, 2, 3]);
    expect(numbers('x [1–3, 5]')).toEqual([1, 2, 3, 5]);
  });

  it('reads full-width brackets, lenticular brackets, full-width digits and Chinese separators', () => {
    expect(numbers('内容［1］。')).toEqual([1]);
    expect(numbers('内容【1】【2】')).toEqual([1, 2]);
    expect(numbers('内容［２］')).toEqual([2]);
    expect(numbers('内容【1，3】和［4、5］')).toEqual([1, 3, 4, 5]);
  });

  it('reads worded citations', () => {
    expect(numbers('as said [Source 4] and [doc 2]')).toEqual([4, 2]);
  });

  it('ignores brackets that are not citations', () => {
    expect(numbers('in [2023] the [a] list [] was [x1] done')).toEqual([]);
  });
});

describe('validateCitations', () => {
  const valid = new Set([1, 2, 3]);

  it('removes a citation to a source that was not given, tidying the space', () => {
    const r = validateCitations('A is true [1]. B is true [7]. C [2,7].', valid);
    expect(r.text).toBe('A is true [1]. B is true. C [2].');
    expect(r.cited).toEqual([1, 2]);
    expect(r.removed).toEqual([7]);
    // the brackets kept, with their spans in the checked text
    expect(r.spans).toEqual([
      { start: 10, end: 13, numbers: [1] },
      { start: 28, end: 31, numbers: [2] },
    ]);
    for (const span of r.spans) expect(r.text.slice(span.start, span.end)).toMatch(/^\[\d\]$/);
  });

  it('keeps the list style when removing some numbers of a list', () => {
    expect(validateCitations('x [1, 7, 3]', valid).text).toBe('x [1, 3]');
    expect(validateCitations('x 【2，9，1】', valid).text).toBe('x 【2，1】');
    expect(validateCitations('x [1-5]', valid).text).toBe('x [1, 2, 3]');
  });

  it('handles adjacent brackets, line starts and Chinese punctuation', () => {
    expect(validateCitations('Claim [1][7].', valid).text).toBe('Claim [1].');
    expect(validateCitations('Claim [8] [9].', valid).text).toBe('Claim.');
    expect(validateCitations('[7] Opening words.\n[9] Next line.', valid).text).toBe('Opening words.\nNext line.');
    expect(validateCitations('内容［7］。其他【2】', valid).text).toBe('内容。其他【2】');
    expect(validateCitations('keeps a [7] word apart', valid).text).toBe('keeps a word apart');
  });

  it('lists cited numbers in order of first appearance, once each', () => {
    const r = validateCitations('[3] x [1] y [3] z [9] [9]', valid);
    expect(r.cited).toEqual([3, 1]);
    expect(r.removed).toEqual([9]);
  });

  it('leaves a text without citations unchanged', () => {
    expect(validateCitations('Nothing cited here.', valid)).toEqual({ text: 'Nothing cited here.', cited: [], removed: [], spans: [] });
  });
});
