import type { PageLine } from './pdf-paragraphs.ts';

/**
 * Table rows of one page. Financial statements are tables without rules: a label, then amounts in
 * columns. pdf.js gives each row as one line whose runs are far apart (PdfLine.cells); left to the
 * paragraph rules, a whole statement became four or five "paragraphs" of run-on numbers
 * (AMAZON_2019_10K p. 38). Here every row becomes a line of its own kind, together with the lines
 * a table holds that have no numbers: group labels ("Operating expenses:"), labels wrapped onto a
 * second line, and the column header above the first row ("Year Ended December 31,").
 */

// Inside a table, a line of at most this many characters without columns is a label, not prose.
// Statement labels run to 95 characters (BOEING_2018_10K p. 52, common stock); prose lines are
// longer, and a paragraph of them never sits between two rows.
const MAX_LABEL = 120;
// Label lines in a row before the next row: a group label and a wrapped label over two lines.
const MAX_LABELS = 2;
// Rows of a table are at most this many font sizes apart (1.5 to 1.9 in the filings' statements,
// 2.3 around a group label); a wider gap ends the table.
const MAX_ROW_GAP = 3;
// A header line over the number columns starts this far (share of the row's width) right of the
// row's label: "Year Ended December 31," at x = 440 over rows from x = 19 to 590.
const OVER_COLUMNS = 0.3;
// Cells made of short words only are a column header ("Percent", "to Sales", "(Decrease)").
const SHORT_CELL = 24;

/** An amount, a percentage, a year or a dash standing for zero: "$ 1,944", "(52,348)", "23.9 %", "—". */
const NUMERIC_CELL = /^(?:[$€£¥]\s*)?\(?[-–—]?\s*[$€£¥]?\s*\d[\d,.]*\)?\s*%?\s*[$€£¥]?$|^[-–—]+$/u;
/** A label that stops mid-phrase, so the next line carries on its row. */
const WRAPPED = /(?:[,(–—-]|\b(?:and|or|of|the|to|in|for|on|at|by|with|from|less|net|including|excluding))$/iu;

/** Marks the table rows of a page's lines (in reading order); wrapped labels join their row. */
export function markTableRows(lines: readonly PageLine[]): PageLine[] {
  const out: PageLine[] = [];
  let inTable = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (isRow(line)) {
      if (!inTable) takeHeaderLines(out, line);
      out.push({ ...line, tableRow: true });
      inTable = true;
      continue;
    }
    if (inTable && isLabel(line) && near(lines[i - 1], line)) {
      const next = nextRow(lines, i);
      if (next !== undefined) {
        const row = lines[next];
        if (next === i + 1 && !line.text.endsWith(':') && (WRAPPED.test(line.text) || /^\p{Ll}/u.test(row.text))) {
          // The label wrapped onto the row's line: one row, read as one.
          out.push(joinRow(line, row));
          i = next;
        } else {
          out.push({ ...line, tableRow: true });
        }
        continue;
      }
    }
    inTable = false;
    out.push(line);
  }
  return out;
}

function isRow(line: PageLine): boolean {
  const cells = line.cells;
  if (line.heading !== undefined || cells === undefined || cells.length < 2) return false;
  if (cells.slice(1).some((c) => NUMERIC_CELL.test(c))) return true;
  return cells.length >= 3 && cells.every((c) => c.length <= SHORT_CELL);
}

function isLabel(line: PageLine): boolean {
  return line.heading === undefined && line.text.length <= MAX_LABEL;
}

function near(above: PageLine | undefined, line: PageLine): boolean {
  return above !== undefined && above.y - line.y > 0 && above.y - line.y <= MAX_ROW_GAP * Math.max(above.size, line.size);
}

/** The index of the row that the label lines from `i` lead to, if one comes soon enough. */
function nextRow(lines: readonly PageLine[], i: number): number | undefined {
  for (let j = i + 1; j < lines.length && j <= i + MAX_LABELS; j++) {
    if (!near(lines[j - 1], lines[j])) return undefined;
    if (isRow(lines[j])) return j;
    if (!isLabel(lines[j])) return undefined;
  }
  return undefined;
}

/** Moves the short lines right above a table's first row that sit over its number columns into the table. */
function takeHeaderLines(out: PageLine[], first: PageLine): void {
  // A first row of years alone (no label) already starts at the number columns.
  const labelled = !NUMERIC_CELL.test((first.cells ?? [first.text])[0]);
  const columnsStart = labelled ? first.x0 + OVER_COLUMNS * (first.x1 - first.x0) : first.x0 - first.size;
  let at = out.length;
  while (at > 0 && out.length - at < MAX_LABELS) {
    const above = out[at - 1];
    const below = at < out.length ? out[at] : first;
    if (above.tableRow || !isLabel(above) || above.x0 < columnsStart || !near(above, below)) break;
    at--;
  }
  for (let k = at; k < out.length; k++) out[k] = { ...out[k], tableRow: true };
}

function joinRow(label: PageLine, row: PageLine): PageLine {
  const cells = row.cells ?? [row.text];
  return {
    ...row,
    text: `${label.text} ${row.text}`,
    x0: Math.min(label.x0, row.x0),
    cells: [`${label.text} ${cells[0]}`, ...cells.slice(1)],
    tableRow: true,
  };
}
