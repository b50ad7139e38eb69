import { describe, expect, it } from 'vitest';
import { meanScores, retrievalScores } from '../../src/eval/scores.ts';
import { choiceMessages, isCorrectChoice } from '../../src/eval/prompts/choice-prompt.ts';
import { goldSet } from './gold-set.ts';

describe('retrievalScores / meanScores', () => {
  it('keys match the report columns; values hand-computed', () => {
    const s = retrievalScores([['x'], ['a'], ['b']], goldSet(['a', 'b']), [1, 2, 5]);
    expect(s['recall@1']).toBe(0);
    expect(s['recall@2']).toBe(0.5);
    expect(s['allGold@2']).toBe(0);
    expect(s['allGold@5']).toBe(1);
    expect(s.mrr).toBe(0.5);
    // DCG = 1/log2(3) + 1/2; IDCG = 1 + 1/log2(3)
    expect(s['ndcg@10']).toBeCloseTo((1 / Math.log2(3) + 0.5) / (1 + 1 / Math.log2(3)), 12);
  });
  it('means per key, NaN and absent values left out', () => {
    expect(meanScores([{ a: 1, b: NaN }, { a: 0, b: 0.5 }, { a: 0.5 }])).toEqual({ a: 0.5, b: 0.5 });
  });
});

describe('QuALITY choice prompt', () => {
  it('lists four lettered options plus UNKNOWN, and refuses another number of options', () => {
    const messages = choiceMessages('Why?', ['one', 'two', 'three', 'four'], '[1] text');
    const user = messages.at(-1)?.content ?? '';
    expect(user).toContain('A. one\nB. two\nC. three\nD. four\nUNKNOWN.');
    expect(user).toContain('[1] text');
    expect(() => choiceMessages('Why?', ['one'], '')).toThrow(RangeError);
  });
  it('scores a reply against the gold letter', () => {
    expect(isCorrectChoice('{"answer": "B"}', 'B')).toBe(true);
    expect(isCorrectChoice('{"answer": "UNKNOWN"}', 'B')).toBe(false);
    expect(isCorrectChoice('no idea', 'B')).toBe(false);
  });
});
