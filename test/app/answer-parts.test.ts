import { describe, expect, it } from 'vitest';
import { answerParts, citationSpans, citedInParts } from '../../src/app/lib/answer-parts.ts';
import { validateCitations } from '../../src/core/answer/citations.ts';

describe('answerParts', () => {
  it('splits text and citation brackets, one part per bracket', () => {
    expect(answerParts('Low tide [1]. Kelp [2, 3].')).toEqual([
      { kind: 'text', text: 'Low tide ' },
      { kind: 'cite', numbers: [1], raw: '[1]' },
      { kind: 'text', text: '. Kelp ' },
      { kind: 'cite', numbers: [2, 3], raw: '[2, 3]' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('draws a finished answer from the citations the engine checked, parsing nothing', () => {
    const checked = validateCitations('Low tide [1]. Kelp [2, 9].', new Set([1, 2]));
    expect(answerParts(checked.text, checked.spans)).toEqual([
      { kind: 'text', text: 'Low tide ' },
      { kind: 'cite', numbers: [1], raw: '[1]' },
      { kind: 'text', text: '. Kelp ' },
      { kind: 'cite', numbers: [2], raw: '[2]' },
      { kind: 'text', text: '.' },
    ]);
    // given spans are what is drawn: a bracket they do not name stays text
    expect(answerParts('See [1] and [2].', [{ start: 4, end: 7, numbers: [1] }])).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'cite', numbers: [1], raw: '[1]' },
      { kind: 'text', text: ' and [2].' },
    ]);
    // a streaming text's spans, found the way the engine finds them
    expect(citationSpans('a [2] b [1, 3]')).toEqual([
      { start: 2, end: 5, numbers: [2] },
      { start: 8, end: 14, numbers: [1, 3] },
    ]);
  });

  it('understands Chinese brackets and ranges', () => {
    const parts = answerParts('应当定期开展风险评估【1-3】。');
    expect(parts[1]).toEqual({ kind: 'cite', numbers: [1, 2, 3], raw: '【1-3】' });
  });

  it('lists cited numbers once, in order of first appearance', () => {
    expect(citedInParts(answerParts('a [2] b [1] c [2, 3]'))).toEqual([2, 1, 3]);
  });
});
