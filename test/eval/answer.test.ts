import { describe, expect, it } from 'vitest';
import {
  answerTokens,
  containsAnswer,
  exactMatch,
  normalizeAnswer,
  tokenF1,
} from '../../src/eval/metrics/answer.ts';

describe('normalization', () => {
  it('English: lower case, punctuation and articles removed, whitespace folded', () => {
    expect(normalizeAnswer('  The  Eiffel-Tower, in Paris!  ')).toBe('eiffel tower in paris');
    expect(normalizeAnswer('An apple a day')).toBe('apple day');
    // articles only as whole words
    expect(normalizeAnswer('Theatre of Anatolia')).toBe('theatre of anatolia');
  });
  it('Chinese: characters, punctuation and spaces removed, full-width folded', () => {
    expect(answerTokens('５９７.７万吨。')).toEqual(['5', '9', '7', '7', '万', '吨']);
    expect(normalizeAnswer('2022年 11月30日')).toBe('2022年11月30日');
  });
});

describe('exact match', () => {
  it('matches after normalization', () => {
    expect(exactMatch('the Charles A. Agemian', ['Charles A. Agemian'])).toBe(1);
    expect(exactMatch('Arshile Gorky', ['Charles A. Agemian'])).toBe(0);
  });
  it('takes the best of several gold answers', () => {
    expect(exactMatch('3474万人次', ['3473.6万人次', '3474万人次'])).toBe(1);
  });
  it('refuses an empty gold list', () => {
    expect(() => exactMatch('x', [])).toThrow(RangeError);
  });
});

describe('token F1', () => {
  it('English, hand-computed', () => {
    // pred tokens: new york city (3); gold: york city council (3); common 2 → P = R = 2/3 → F1 = 2/3
    expect(tokenF1('New York City', ['the York City Council'])).toBeCloseTo(2 / 3, 12);
  });
  it('counts repeated tokens at most as often as in the gold', () => {
    // pred: paris paris paris (3), gold: paris (1): common 1 → P 1/3, R 1 → F1 = 0.5
    expect(tokenF1('Paris Paris Paris', ['Paris'])).toBeCloseTo(0.5, 12);
  });
  it('Chinese per character, hand-computed', () => {
    // pred 597万吨 → 5 9 7 万 吨 (5); gold 597.7万吨 → 5 9 7 7 万 吨 (6); common 5
    // P = 1, R = 5/6 → F1 = 2·(5/6)/(1 + 5/6) = 10/11
    expect(tokenF1('597万吨', ['597.7万吨'])).toBeCloseTo(10 / 11, 12);
  });
  it('a Chinese gold makes a mixed pair per character', () => {
    expect(tokenF1('GPT4', ['GPT4发布'])).toBeCloseTo((2 * 1 * (4 / 6)) / (1 + 4 / 6), 12);
  });
  it('max over gold answers; 0 with nothing in common; empty answers', () => {
    expect(tokenF1('blue', ['red', 'blue'])).toBe(1);
    expect(tokenF1('blue', ['red'])).toBe(0);
    expect(tokenF1('', ['red'])).toBe(0);
    expect(tokenF1('the', ['a'])).toBe(1);
  });
});

describe('containsAnswer (RGB)', () => {
  it('needs every part, any alternative of a part', () => {
    const parts = [['2022年11月30日'], ['2023年3月14日']];
    expect(containsAnswer('ChatGPT于2022年11月30日发布，GPT-4于2023年3月14日发布。', parts)).toBe(1);
    expect(containsAnswer('ChatGPT于2022年11月30日发布。', parts)).toBe(0);
    expect(containsAnswer('获得8强，首轮出局', [['8强'], ['首轮', '一轮']])).toBe(1);
  });
  it('English matches whole words only', () => {
    expect(containsAnswer('It was 2015.', [['2015']])).toBe(1);
    expect(containsAnswer('It was 2015.', [['1']])).toBe(0);
  });
});
