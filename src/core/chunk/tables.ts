/**
 * Tables inside a section run: consecutive table-row blocks, with the caption written right above
 * them and the column header rows they start with. A chunk that holds rows from the middle of a
 * long statement carries this context in its heading path (chunker.ts), so "total revenue 2019"
 * still finds a row whose own text is "Total net sales 177,866 232,887 280,522".
 */
import type { PlacedBlock } from '../types.ts';
import type { Span } from './units.ts';

export interface TableSpan {
  /** Index (in the run's blocks) of the first block of the table: its caption, else its first row. */
  first: number;
  /** Index of its last row. */
  last: number;
  /** Caption and column header rows, in order, as one line. */
  context: string;
}

// A caption is a short paragraph: statement titles and unit lines run to 80 characters
// ("AMAZON.COM, INC. CONSOLIDATED STATEMENTS OF OPERATIONS"), lead-ins such as "The following
// table presents our revenue by segment:" to 150. Longer text above a table is prose.
const MAX_CAPTION = 160;
// Paragraphs right above the rows that make up a caption: a title and its unit line.
const MAX_CAPTION_BLOCKS = 2;
// A caption is a title, a unit line or a lead-in ending in a colon; a finished sentence is prose.
const SENTENCE_END = /[.!?。！？]["'”’)\]]*$/u;
// Header rows before the first row with an amount: "Year Ended December 31," then "2017 2018 2019".
const MAX_HEADER_ROWS = 3;

/** An amount: thousands separators, decimals, a currency sign, a percentage or a negative in brackets. */
const AMOUNT = /\d{1,3}(?:,\d{3})+|\d\.\d|[$€£¥%]|\(\d/u;
const YEAR = /\b(?:19|20)\d{2}\b/u;

export function findTables(text: string, blocks: readonly PlacedBlock[]): TableSpan[] {
  const tables: TableSpan[] = [];
  const blockText = (b: PlacedBlock): string => text.slice(b.start, b.end);
  let i = 0;
  while (i < blocks.length) {
    if (blocks[i].kind !== 'table-row') {
      i++;
      continue;
    }
    const firstRow = i;
    while (i + 1 < blocks.length && blocks[i + 1].kind === 'table-row') i++;
    const last = i;
    i++;

    let first = firstRow;
    const previousEnd = tables.length > 0 ? tables[tables.length - 1].last : -1;
    while (
      first - 1 > previousEnd &&
      firstRow - (first - 1) <= MAX_CAPTION_BLOCKS &&
      blocks[first - 1].kind === 'paragraph' &&
      blocks[first - 1].page === blocks[firstRow].page &&
      blockText(blocks[first - 1]).length <= MAX_CAPTION &&
      !SENTENCE_END.test(blockText(blocks[first - 1]))
    ) {
      first--;
    }
    const header = headerRows(blocks.slice(firstRow, last + 1).map(blockText));
    const context = [...blocks.slice(first, firstRow).map(blockText), ...header].join(' ');
    tables.push({ first, last, context });
  }
  return tables;
}

/**
 * The rows a table starts with before its first amount, up to the last one naming a year (the
 * column header); with no year among them, all of them ("Percent", "Amount to Sales"). A table
 * without amounts in its first rows (text cells, as in a Markdown table) has its first row as header.
 */
function headerRows(rows: readonly string[]): string[] {
  const leading: string[] = [];
  for (const row of rows.slice(0, MAX_HEADER_ROWS)) {
    if (AMOUNT.test(row)) break;
    leading.push(row);
  }
  if (leading.length === Math.min(rows.length, MAX_HEADER_ROWS)) return rows.length > 1 ? [rows[0]] : [];
  let lastYear = -1;
  leading.forEach((row, k) => {
    if (YEAR.test(row)) lastYear = k;
  });
  return lastYear >= 0 ? leading.slice(0, lastYear + 1) : leading;
}

/**
 * Tags each span that lies inside a table (caption or row) with the table's index. Spans and
 * tables are both in document order, so one walk over the two does it: a run can be a whole
 * filing (CVSHEALTH_2022_10K has no headings: one run of 6,359 spans and 112 tables).
 */
export function tagTableSpans(spans: readonly Span[], tables: readonly TableSpan[], blocks: readonly PlacedBlock[]): Span[] {
  let t = 0;
  return spans.map((span) => {
    while (t < tables.length && blocks[tables[t].last].end <= span.start) t++;
    return t < tables.length && blocks[tables[t].first].start <= span.start ? { ...span, table: t } : span;
  });
}
