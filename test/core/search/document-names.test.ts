import { describe, expect, it } from 'vitest';
import { DocumentNames, carriedTerms, labelTerms, questionTerms } from '../../../src/core/search/document-names.ts';

const FILINGS = ['3M_2018_10K.pdf', 'BOEING_2018_10K.pdf', 'CVSHEALTH_2022_10K.pdf', 'FOOTLOCKER_2022_8K.pdf', 'NIKE_2019_10K.pdf', 'WALMART_2018_10K.pdf'];
const label = (name: string, title = '', headingPaths: string[][] = [['Item 7'], ['Item 8', 'Balance sheet']]) => ({ id: name, name, title, headingPaths });
const library = (names = FILINGS, titles: Record<string, string> = {}) => new DocumentNames(names.map((n) => label(n, titles[n] ?? '')));

describe('DocumentNames', () => {
  it('names the filing a question asks about by a word of its file name', () => {
    expect(library().named('What is the FY2018 capital expenditure amount for 3M?')).toEqual(['3M_2018_10K.pdf']);
    expect(library().named("How much did Nike's total current assets come to?")).toEqual(['NIKE_2019_10K.pdf']);
  });

  it('joins adjacent words, as file names run them together', () => {
    expect(library().named('Is CVS Health a capital-intensive business?')).toEqual(['CVSHEALTH_2022_10K.pdf']);
    expect(library().named("Does Foot Locker's new CEO have experience?")).toEqual(['FOOTLOCKER_2022_8K.pdf']);
    expect(questionTerms('Foot Locker CEO')).toEqual(new Set(['foot', 'locker', 'ceo', 'footlocker', 'footlockerceo', 'lockerceo']));
    // a file name with its extension or separators names by its parts too
    expect(questionTerms('Summarize gamma.md')).toContain('gamma');
    expect(questionTerms('What is in 3M_2018_10K?')).toContain('3m');
  });

  it('reads a camel-case name whole and in its parts', () => {
    expect(labelTerms({ name: 'AnnualReport_Globex.pdf', title: '' })).toEqual(new Set(['annualreport', 'globex', 'annual', 'report']));
  });

  it('names a document by a Chinese file name, through its character pairs', () => {
    const reports = ['腾讯_2023年度报告.pdf', '阿里巴巴_2023年度报告.pdf', '美团_2023年度报告.pdf'].map((n) => label(n));
    expect(new DocumentNames(reports).named('腾讯2023年的营业收入是多少？')).toEqual(['腾讯_2023年度报告.pdf']);
    // 年度 and 报告 are in every label: a question about annual reports names none of them
    expect(new DocumentNames(reports).named('年度报告一般包括哪些内容？')).toEqual([]);
  });

  it('names two documents when the question names both', () => {
    expect(library().named('Compare the 2018 revenue of Boeing and Walmart').sort()).toEqual(['BOEING_2018_10K.pdf', 'WALMART_2018_10K.pdf']);
  });

  it('takes neither a term most labels share nor a bare number as a name', () => {
    // "10k" is in five of six labels; "2018" is a year
    expect(library().named('What does the 10-K say about 2018?')).toEqual([]);
    expect(labelTerms({ name: '3M_2018_10K.pdf', title: '' })).toEqual(new Set(['3m', '10k']));
  });

  it('keeps only the documents named at least half as specifically as the best one', () => {
    // "company" is in three titles, "3m" in one: "the 3M Company" names 3M, not every company
    const names = library(FILINGS, { '3M_2018_10K.pdf': '3M Company', 'BOEING_2018_10K.pdf': 'The Boeing Company', 'NIKE_2019_10K.pdf': 'Nike Company' });
    expect(names.named('What did the 3M Company spend?')).toEqual(['3M_2018_10K.pdf']);
  });

  it('names nothing in particular when most of the library would be named', () => {
    expect(new DocumentNames([label('Lease agreement.pdf')]).named('What does the lease agreement say about pets?')).toEqual([]);
    // each of alpha, beta and gamma is in only half of the labels, but together they name three of four
    const overlapping = new DocumentNames(['alpha beta.txt', 'alpha gamma.txt', 'beta gamma.txt', 'delta.txt'].map((n) => label(n)));
    expect(overlapping.named('alpha beta gamma')).toEqual([]);
    expect(overlapping.named('what does delta say?')).toEqual(['delta.txt']);
  });

  it('does not name a document by words every chunk of it already carries under its headings', () => {
    // a Markdown page under its title: BM25 and the embedding already see the title in each chunk
    const pages = ['Ed Wood (film)', 'Scott Derrickson', 'Tim Burton', 'Johnny Depp'].map((title, i) => label(`page-${i}.md`, title, [[title], [title, 'Career']]));
    expect(new DocumentNames(pages).named('Who directed Ed Wood?')).toEqual([]);
    expect(carriedTerms([['Ed Wood (film)'], ['Ed Wood (film)', 'Cast']])).toEqual(new Set(['ed', 'wood', 'film']));
    // but when only some of the named documents carry the name, all of them are searched apart
    const pepsico = [
      label('PEPSICO_2023_8K.pdf', '', [['PEPSICO, INC.'], ['PEPSICO, INC.', 'Item 5.07']]),
      label('PEPSICO_2023Q1_EARNINGS.pdf', '', [['Summary'], ['Results']]),
      ...['NIKE_2019_10K.pdf', 'BOEING_2018_10K.pdf', 'COSTCO_2021_10K.pdf'].map((n) => label(n)),
    ];
    expect(new DocumentNames(pepsico).named('What did PepsiCo shareholders vote on?')).toEqual(['PEPSICO_2023Q1_EARNINGS.pdf', 'PEPSICO_2023_8K.pdf']);
    expect(carriedTerms([['PrankStars'], ['PrankStars', 'Cast']])).toEqual(new Set(['prankstar', 'prank', 'star']));
    expect(carriedTerms([])).toEqual(new Set());
  });
});
