import { describe, expect, it } from 'vitest';
import { yearsIn } from '../../../src/core/text/years.ts';

describe('yearsIn', () => {
  it('reads a year in Chinese and English text, within a name, not inside a longer number', () => {
    expect([...yearsIn('2022年全国棉花产量')]).toEqual(['2022']);
    expect([...yearsIn("What was 3M's FY2018 capital expenditure?")]).toEqual(['2018']);
    expect([...yearsIn('Who won Miss America 2013, held in 2012 and again in 2013?')]).toEqual(['2013', '2012']);
    expect([...yearsIn('call 120225 or pay 3000 dollars; the 86th pageant')]).toEqual([]);
    expect([...yearsIn('published 1450, 1850 and 2150')]).toEqual(['1850']);
  });
});
