/** The judges' reply readers: reasoning removed as the engine removes it, JSON read tolerantly. */
import { describe, expect, it } from 'vitest';
import { parseNumbers, parseStringList, parseVerdict, parseVerdicts } from '../../src/eval/judge/parse.ts';
import { parseChoice } from '../../src/eval/metrics/choice.ts';

describe('reasoning whose opening tag was in the prompt', () => {
  // Only `</think>` shows in the reply; the JSON before it is the model thinking aloud.
  it('is not read as the reply', () => {
    expect(parseChoice('maybe {"answer": "A"}</think>{"answer": "B"}')).toBe('B');
    expect(parseVerdict('draft {"verdict": 0}</think>{"verdict": 1}')).toBe(1);
    expect(parseVerdicts('first try {"verdicts": [0, 0]}\n</think>\n{"verdicts": [1, 1]}', 2)).toEqual([1, 1]);
    expect(parseNumbers('{"needed": [9]}</think>{"needed": [2]}', 'needed')).toEqual([2]);
  });
});

describe('JSON as small models write it', () => {
  it('reads a bare list as well as the object asked for', () => {
    expect(parseStringList('["One.", "Two."]', 'statements')).toEqual(['One.', 'Two.']);
    expect(parseVerdicts('[1, 0]', 2)).toEqual([1, 0]);
  });
  it('keeps the complete items of a reply cut off at the token limit', () => {
    expect(parseStringList('{"statements": ["One.", "Two.", "Thr', 'statements')).toEqual(['One.', 'Two.']);
  });
  it('accepts trailing commas', () => {
    expect(parseVerdicts('{"verdicts": [1, 0, 1,],}', 3)).toEqual([1, 0, 1]);
  });
});
