import { describe, expect, it } from 'vitest';
import { letterOf, parseChoice } from '../../src/eval/metrics/choice.ts';

describe('parseChoice', () => {
  it.each([
    ['{"answer":"B"}', 'B'],
    ['```json\n{ "answer": "c" }\n```', 'C'],
    ['{"answer":"UNKNOWN"}', 'UNKNOWN'],
    ['D', 'D'],
    ['(A)', 'A'],
    ['B.', 'B'],
    ['Answer: (C)', 'C'],
    ['The answer is B because the text says so.', 'B'],
    ['<think>A looks wrong, maybe B</think>\nD', 'D'],
    ['答案：C', 'C'],
    ['C. He did not think the Actuarvac was competent enough for the job.', 'C'],
    ['unknown', 'UNKNOWN'],
    ['Option A is tempting, but the answer is C.', 'C'],
    ['I choose option D', 'D'],
    ['ANSWER: UNKNOWN', 'UNKNOWN'],
  ] as const)('%j → %s', (reply, expected) => {
    expect(parseChoice(reply)).toBe(expected);
  });

  it.each([
    [''],
    ['A dog barked at night.'],
    ['<think>The answer is B, I think'],
    ['{"answer":"E"}'],
    ['I cannot tell from this text.'],
    ['The answer is a matter of taste.'],
  ])('%j → undefined', (reply) => {
    expect(parseChoice(reply)).toBeUndefined();
  });
});

describe('letterOf', () => {
  it('maps 1-based labels to letters', () => {
    expect([1, 2, 3, 4].map(letterOf)).toEqual(['A', 'B', 'C', 'D']);
    expect(() => letterOf(5)).toThrow(RangeError);
  });
});
