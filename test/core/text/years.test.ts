import { describe, expect, it } from 'vitest';
import { isYear, yearsIn } from '../../../src/core/text/years.ts';

describe('yearsIn', () => {
  it('reads a year in Chinese and English text, within a name, not inside a longer number', () => {
    expect([...yearsIn('2022年全国棉花产量')]).toEqual(['2022']);
    expect([...yearsIn("What was 3M's FY2018 capital expenditure?")]).toEqual(['2018']);
    expect([...yearsIn('Who won Miss America 2013, held in 2012 and again in 2013?')]).toEqual(['2013', '2012']);
    expect([...yearsIn('call 120225 or pay 3000 dollars; the 86th pageant')]).toEqual([]);
    expect([...yearsIn('published 1450, 1850 and 2150')]).toEqual(['1850']);
  });
});

describe('isYear', () => {
  it('takes a run of four digits in 1500–2099, and nothing longer or shorter', () => {
    expect(['1500', '1988', '2018', '2099'].map(isYear)).toEqual([true, true, true, true]);
    expect(['1499', '2100', '201', '20180', '0919'].map(isYear)).toEqual([false, false, false, false, false]);
  });
});
