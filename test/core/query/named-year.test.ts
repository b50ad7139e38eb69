import { describe, expect, it } from 'vitest';
import { engineOverTexts } from '../../support/text-library.ts';
import { expectRaisedSecond, STEP_OPTIONS } from '../../support/raised-step.ts';
import { namedYearFirst } from '../../../src/core/query/named-year.ts';

describe('namedYearFirst', () => {
  const text = (s: string) => s;
  it('puts, after the first, the items stating every year the question names first, each group in order, within the window', () => {
    const items = ['first, 2021', 'a, 2021', 'b, 2022 report', 'c, none', 'd, 2022 and 2021', 'e, 2022 past the window'];
    const out = namedYearFirst('the 2022 list', items, text, 5);
    expect(out.items).toEqual(['first, 2021', 'b, 2022 report', 'd, 2022 and 2021', 'a, 2021', 'c, none', 'e, 2022 past the window']);
    expect(out.years).toEqual(['2022']);
    expect(out.moved).toBe(2);
  });

  it('asks for every year named, and leaves a question naming none as it was', () => {
    const items = ['x', 'only 2019', 'both 2019 and 2020', 'only 2020'];
    expect(namedYearFirst('from 2019 to 2020', items, text, 4).items).toEqual(['x', 'both 2019 and 2020', 'only 2019', 'only 2020']);
    const none = namedYearFirst('what is the total?', items, text, 4);
    expect(none).toEqual({ items, years: [], moved: 0 });
  });
});

describe('a question naming a year, through the engine', () => {
  const library = [
    'The athletes of the year on the magazine list: the list of 2021 names the athletes of the year.',
    'The magazine list of the athletes of the year: who the athletes of the year are, on the list since 2009.',
    'Athletes of the year: the magazine list of athletes, the year of the list, and who is on it.',
    'The magazine named Sui and Han in 2022.',
  ];

  it('brings the passage stating the year into the first chunks, says so, and can be turned off', async () => {
    const engine = await engineOverTexts(library);
    const { plain, on } = await expectRaisedSecond(engine, 'Who are the athletes of the year on the magazine list of 2022?', { years: false }, '3.md');
    expect(plain.result.year).toBeUndefined();
    expect(on.result.year).toEqual({ years: ['2022'], moved: 1 });
    expect((await engine.retrieve('Who are the athletes of the year on the magazine list?', STEP_OPTIONS)).result.year).toBeUndefined();
  });
});

describe("a year read in a chunk's context", () => {
  it("counts the year its document's file name states: a table cut from a filing holds none of its own", async () => {
    const rows = 'Total current liabilities, total assets and net property of the company, in millions.';
    const engine = await engineOverTexts(
      [`${rows} ${rows}`, `${rows} ${rows} ${rows}`, `Balance sheet: ${rows}`],
      ['FILING_2021_10K.md', 'FILING_2020_10K.md', 'FILING_2022_10K.md'],
    );
    const question = 'What are the total current liabilities of the company in FY2022?';
    const options = { ...STEP_OPTIONS, namedDocuments: false } as const;
    const plain = await engine.retrieve(question, { ...options, years: false });
    expect(plain.chunks.map((c) => c.docName)).not.toContain('FILING_2022_10K.md');
    const first = await engine.retrieve(question, options);
    expect(first.chunks.map((c) => c.docName)).toEqual([plain.chunks[0].docName, 'FILING_2022_10K.md']);
  });
});
