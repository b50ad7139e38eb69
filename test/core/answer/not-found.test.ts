import { describe, expect, it } from 'vitest';
import { NOT_FOUND_EN, NOT_FOUND_ZH, isNotFound, notFoundSentence } from '../../../src/core/answer/not-found.ts';
import { stripThinking } from '../../../src/core/answer/think.ts';

describe('isNotFound', () => {
  it('recognizes the exact sentences', () => {
    expect(isNotFound(NOT_FOUND_EN)).toBe(true);
    expect(isNotFound(NOT_FOUND_ZH)).toBe(true);
    expect(isNotFound(`  ${NOT_FOUND_EN}\n`)).toBe(true);
  });

  it('tolerates case, missing punctuation, contractions, extensions and reasoning', () => {
    expect(isNotFound('the documents do not say')).toBe(true);
    expect(isNotFound("The documents don't say.")).toBe(true);
    expect(isNotFound('The documents do not say who won the race.')).toBe(true);
    expect(isNotFound('文档中没有相关内容')).toBe(true);
    expect(isNotFound('<think>nothing relevant</think>\n\nThe documents do not say.')).toBe(true);
  });

  it('is false for real answers, cited refusals and unrelated openings', () => {
    expect(isNotFound('Paris is the capital of France [1].')).toBe(false);
    expect(isNotFound('The documents do not say much, but [2] states the price is 5 euros.')).toBe(false);
    expect(isNotFound('The documents do not sayings')).toBe(false);
    expect(isNotFound('')).toBe(false);
  });

  it('picks the sentence by language, English for anything not Chinese', () => {
    expect(notFoundSentence('zh')).toBe(NOT_FOUND_ZH);
    expect(notFoundSentence('en')).toBe(NOT_FOUND_EN);
    expect(notFoundSentence('other')).toBe(NOT_FOUND_EN);
  });
});

describe('stripThinking', () => {
  it('removes closed blocks, an unclosed trailing block, and text before a stray closing tag', () => {
    expect(stripThinking('<think>\n\n</think>\n\nAnswer.')).toBe('\n\nAnswer.');
    expect(stripThinking('A <think>x</think>B<think>y</think>C')).toBe('A BC');
    expect(stripThinking('Partial <think>still reasoning')).toBe('Partial ');
    expect(stripThinking('reasoning that began in the prompt</think>Answer')).toBe('Answer');
    expect(stripThinking('No tags at all.')).toBe('No tags at all.');
  });
});
