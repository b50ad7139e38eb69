import { describe, expect, it } from 'vitest';
import { hanBigrams } from '../../../src/core/text/han-bigrams.ts';
import { queryWeight, searchTerms } from '../../../src/core/text/search-terms.ts';
import { words } from '../../../src/core/text/words.ts';
import { LexicalIndex } from '../../../src/core/search/lexical-index.ts';

describe('search terms', () => {
  it('are the words, then each Han run cut into overlapping bigrams, marked apart', () => {
    expect(hanBigrams('数据安全法 and 个人')).toEqual(['数据', '据安', '安全', '全法', '个人']);
    const terms = searchTerms('数据安全法 GDPR');
    expect(terms.slice(0, words('数据安全法 GDPR').length)).toEqual(words('数据安全法 GDPR'));
    const bigrams = terms.slice(words('数据安全法 GDPR').length);
    expect(bigrams).toHaveLength(4);
    // a bigram never counts as the dictionary word spelt the same
    expect(bigrams.every((t) => !words('数据安全法').includes(t))).toBe(true);
    expect(searchTerms('plain English only')).toEqual(words('plain English only'));
  });

  it('weigh half for a bigram of a question, in full for a word', () => {
    const [word, ...rest] = searchTerms('棉花');
    expect(queryWeight(word)).toBe(1);
    expect(rest.map(queryWeight)).toEqual([0.5]);
  });

  it('let BM25 find a phrase the segmenter cuts differently in the question and the passage', () => {
    const index = new LexicalIndex();
    // ICU reads the passage as 棉花 / 总 / 产量 and the question as 总 / 产: by words alone both rows
    // hold one 总 and the shorter second row wins; the bigram 总产 is in the first alone
    index.add(0, '全国棉花总产量五百九十七万吨');
    index.add(1, '总公司与总部的总账，总计三项');
    expect(words('总公司与总部的总账，总计三项').filter((w) => w === '总')).toHaveLength(1);
    expect(index.search('总产', 2).map((h) => h.row)).toEqual([0, 1]);
  });

  it('keep a word of letters and digits whole, as words.ts reads it', () => {
    expect(searchTerms('GPT4 C919 FY2018 revenue')).toEqual(['gpt4', 'c919', 'fy2018', 'revenue']);
    expect(searchTerms('GPT-4 and 1,234.5')).toEqual(words('GPT-4 and 1,234.5'));
  });
});
