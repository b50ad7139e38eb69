import { describe, expect, it } from 'vitest';
import { groupLines, type PdfTextRun } from '../../../src/core/ingest/pdf-lines.ts';
import { pageBlocks, type PageLine } from '../../../src/core/ingest/pdf-paragraphs.ts';
import { markTableRows } from '../../../src/core/ingest/pdf-tables.ts';

const run = (str: string, x: number, y: number, eol = false, width = str.length * 4.4): PdfTextRun => ({ str, x, y, width, size: 8.8, eol });

/** A statement row as filings lay it out: label at the margin, amounts in columns far to the right. */
function row(y: number, label: string, ...amounts: string[]): PageLine {
  const cells = [label, ...amounts];
  return { text: cells.join(' '), y, x0: 19, x1: 590, size: 8.8, cells };
}
const text = (t: string, y: number, x0 = 19, x1 = 590): PageLine => ({ text: t, y, x0, x1, size: 8.8 });

describe('groupLines cells', () => {
  it('cuts a line at column gaps and ignores the width of whitespace runs', () => {
    // AMAZON_2019_10K p. 38: one space run of width 13,783 sits between the label and "$".
    const lines = groupLines([
      run('Net product sales', 18.9, 651.4),
      run(' ', 79.8, 651.4, false, 13783.7),
      run('$', 370.6, 650.7),
      run(' ', 375, 650.7, false, 1448),
      run('118,573', 405.5, 650.7),
      run(' ', 434, 650.7, false, 576),
      run('$', 446.2, 650.7),
      run('141,915', 479.8, 650.7, true),
      run('Prose with a normal word gap', 18.9, 630, true),
    ]);
    expect(lines[0].text).toBe('Net product sales $ 118,573 $ 141,915');
    // "$" sits 12 units (1.4 sizes) after the amount before it: one cell, as on the real page.
    expect(lines[0].cells).toEqual(['Net product sales', '$', '118,573 $', '141,915']);
    expect(lines[1].cells).toBeUndefined();
  });
});

describe('markTableRows', () => {
  it('marks rows, group labels and the column header over the numbers; prose around stays', () => {
    const lines: PageLine[] = [
      text('The following table shows our results, which we discuss in the sections below in more detail.', 720),
      text('Year Ended December 31,', 678, 440, 520),
      { ...row(664, '2017', '2018', '2019'), x0: 397 },
      row(651, 'Net product sales', '$ 118,573', '$ 141,915', '$ 160,408'),
      text('Operating expenses:', 637),
      row(623, 'Cost of sales', '111,934', '139,156', '165,536'),
      text('See accompanying notes to consolidated financial statements.', 560),
    ];
    const marked = markTableRows(lines);
    expect(marked.map((l) => l.tableRow === true)).toEqual([false, true, true, true, true, true, false]);
    const blocks = pageBlocks(marked, 38);
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['paragraph', 'The following table shows our results, which we discuss in the sections below in more detail.'],
      ['table-row', 'Year Ended December 31,'],
      ['table-row', '2017 2018 2019'],
      ['table-row', 'Net product sales $ 118,573 $ 141,915 $ 160,408'],
      ['table-row', 'Operating expenses:'],
      ['table-row', 'Cost of sales 111,934 139,156 165,536'],
      ['paragraph', 'See accompanying notes to consolidated financial statements.'],
    ]);
    expect(blocks.every((b) => b.page === 38)).toBe(true);
  });

  it('joins a label wrapped onto the next line with that row', () => {
    // PFIZER_2021_10K p. 59: "... outstanding at December 31, 2021 and" / "December 31, 2020 — —"
    const lines = [
      row(318, 'Total liabilities', '104,013', '90,756'),
      text('Preferred stock, no par value; no shares issued or outstanding at December 31, 2021 and', 307),
      row(299, 'December 31, 2020', '—', '—'),
    ];
    const marked = markTableRows(lines);
    expect(marked.map((l) => l.text)).toEqual([
      'Total liabilities 104,013 90,756',
      'Preferred stock, no par value; no shares issued or outstanding at December 31, 2021 and December 31, 2020 — —',
    ]);
    expect(marked[1].tableRow).toBe(true);
  });

  it('does not take a line of two wide text columns for a row', () => {
    const line: PageLine = { ...text('Left column prose goes here Right column prose', 500), cells: ['Left column prose goes here', 'Right column prose'] };
    expect(markTableRows([line])[0].tableRow).toBeUndefined();
  });

  it('ends the table at a wide vertical gap', () => {
    const lines = [row(500, 'Revenue', '10', '12'), text('A short note', 440), row(400, 'Cost', '5', '6')];
    expect(markTableRows(lines).map((l) => l.tableRow === true)).toEqual([true, false, true]);
  });
});
