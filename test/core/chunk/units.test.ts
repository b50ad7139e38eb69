import { describe, expect, it } from 'vitest';
import { sentenceSpans } from '../../../src/core/chunk/units.ts';
import type { PlacedBlock } from '../../../src/core/types.ts';

describe('sentenceSpans', () => {
  it('takes a paragraph of more sentences than a call may have arguments (V8 stops near 100,000)', () => {
    const sentence = 'Go on. ';
    const text = sentence.repeat(300_000);
    const block: PlacedBlock = { kind: 'paragraph', start: 0, end: text.length };
    const spans = sentenceSpans(text, [block]);
    expect(spans).toHaveLength(300_000);
    expect(spans[299_999]).toEqual({ start: 299_999 * sentence.length, end: 300_000 * sentence.length - 1, page: undefined });
  });
});
