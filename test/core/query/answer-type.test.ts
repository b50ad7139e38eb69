import { describe, expect, it } from 'vitest';
import { engineOverTexts } from '../../support/text-library.ts';
import { expectRaisedSecond, STEP_OPTIONS } from '../../support/raised-step.ts';
import { asksWhen, datedFirst, datesIn, statesNewDate } from '../../../src/core/query/answer-type.ts';

describe('asksWhen', () => {
  it('knows a question asking for a time in Chinese and English', () => {
    for (const q of ['2022年考研开始日期', 'GPT4发布时间', '速度与激情10什么时候在内地上映？', "When was Erik Watts' father born?", 'a series that premiered on what date?']) {
      expect(asksWhen(q), q).toBe(true);
    }
  });

  it('leaves other questions alone', () => {
    for (const q of ['2023年澳网男单冠军是谁？', 'Who directed Kiss and Tell?', 'What is the revenue for fiscal 2019?']) expect(asksWhen(q), q).toBe(false);
    // a year is stated by nearly every passage: asking for one sorts nothing out
    for (const q of ['Which year was the Honda K introduced?', '这部电影是哪年上映的？']) expect(asksWhen(q), q).toBe(false);
  });
});

describe('datesIn', () => {
  it('reads Chinese dates to the month or day, not a year alone nor a span', () => {
    expect(datesIn('初试时间为2021年12月25日至26日', 'zh')).toEqual(['2021年12月25日']);
    expect(datesIn('十二月二十五日开幕，12 月 26 日闭幕', 'zh')).toEqual(['十二月二十五日', '12月26日']);
    expect(datesIn('2022年考研，三年前，共1500人', 'zh')).toEqual([]);
  });

  it('reads English dates to the month or day, not a year alone', () => {
    expect(datesIn('(born May 5, 1939) is a wrestler', 'en')).toEqual(['may5,1939']);
    expect(datesIn('on 20 October 1988, and in March 2019', 'en')).toEqual(['20october1988', 'march2019']);
    expect(datesIn('The war ended in 1945.', 'en')).toEqual([]);
  });

  it("reads a passage in the question's language: a web page's English date is not a Chinese date", () => {
    expect(datesIn('Mar 21, 2023 ... 成都大运会开幕式地点', 'zh')).toEqual([]);
    expect(datesIn('播出时间: 2023/07/26', 'zh')).toEqual(['2023/07/26']);
  });
});

describe('statesNewDate', () => {
  it("does not count the question's own date", () => {
    const asked = new Set(datesIn('What happened on May 5, 1939?', 'en'));
    expect(statesNewDate('It was May 5, 1939.', 'en', asked)).toBe(false);
    expect(statesNewDate('It was May 5, 1939, and June 1, 1940.', 'en', asked)).toBe(true);
  });
});

describe('datedFirst', () => {
  const passages = ['best, undated', 'second, undated', 'third, 12月25日', 'fourth, undated', 'fifth, 1月2日', 'sixth, 3月4日'];

  it('puts the dated passages after the first ahead of the undated, each group in order, within the window', () => {
    const { items, moved } = datedFirst('开幕时间', 'zh', passages, (p) => p, 5);
    expect(items).toEqual(['best, undated', 'third, 12月25日', 'fifth, 1月2日', 'second, undated', 'fourth, undated', 'sixth, 3月4日']);
    expect(moved).toBe(2);
  });

  it('keeps the order when nothing is dated or the dated are already first', () => {
    expect(datedFirst('开幕时间', 'zh', ['a', 'b', 'c'], (p) => p, 3)).toEqual({ items: ['a', 'b', 'c'], moved: 0 });
    expect(datedFirst('开幕时间', 'zh', ['a', '1月1日', 'c'], (p) => p, 3)).toEqual({ items: ['a', '1月1日', 'c'], moved: 0 });
  });
});

describe('a question asking when, through the engine', () => {
  const library = [
    'The Chengdu games open with a ceremony. The Chengdu games open for athletes from every country. The Chengdu games open soon.',
    'Chengdu games open: news of the Chengdu games and their venue.',
    'Chengdu games tickets and the venue of the games.',
    'The games opened in Chengdu on July 28, 2023.',
  ];

  it('brings the passage that gives a date into the first chunks, says so, and can be turned off', async () => {
    const engine = await engineOverTexts(library);
    const { plain, on } = await expectRaisedSecond(engine, 'When do the Chengdu games open?', { dates: false }, '3.md');
    expect(plain.result.dates).toBeUndefined();
    expect(on.result.dates?.moved).toBe(1);
    expect((await engine.retrieve('Where do the Chengdu games open?', STEP_OPTIONS)).result.dates).toBeUndefined();
  });
});
