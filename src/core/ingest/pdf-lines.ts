/**
 * Page geometry → lines. pdf.js hands out text runs ("items") in content-stream order, each with a
 * baseline position and a font size; a line is a run of items on (about) the same baseline.
 */

/** One text run as pdf.js positions it, in PDF user space (y grows upwards). */
export interface PdfTextRun {
  str: string;
  x: number;
  y: number;
  width: number;
  /** Font size in user-space units. */
  size: number;
  /** pdf.js saw a line break after this run. */
  eol: boolean;
}

export interface PdfLine {
  text: string;
  /** Baseline of the line's first run. */
  y: number;
  x0: number;
  x1: number;
  /** The font size covering most of the line's characters. */
  size: number;
  /**
   * The line's text cut at column gaps (see COLUMN_GAP), when it has more than one: a row of a
   * table laid out in columns ("Net income", "$ 3,033", "$ 10,073"). Absent for ordinary lines.
   */
  cells?: string[];
}

// Sub- and superscripts sit a fraction of the size off the baseline; a new line sits a full size off.
const SAME_LINE = 0.5;
// A horizontal gap wider than this share of the size is a word space the PDF did not encode.
const WORD_GAP = 0.2;
// A gap this many font sizes wide separates table columns. Measured on the FinanceBench filings:
// statement rows put 3.7-60 sizes between a label and its numbers and 1.3-8 between two numbers
// ("$" to its amount is 1.3 and stays in one cell); word spaces of justified prose stay under 1.
const COLUMN_GAP = 2;

export function groupLines(runs: readonly PdfTextRun[]): PdfLine[] {
  const lines: PdfLine[] = [];
  let cur: { text: string; y: number; x0: number; x1: number; sizes: Map<number, number>; cellStarts: number[] } | undefined;
  const end = (): void => {
    if (cur && cur.text.trim() !== '') {
      const line: PdfLine = { text: cur.text.trim(), y: cur.y, x0: cur.x0, x1: cur.x1, size: dominantSize(cur.sizes) };
      const { text, cellStarts } = cur;
      const cells = cellStarts.map((at, i) => text.slice(at, cellStarts[i + 1]).trim()).filter((c) => c !== '');
      if (cells.length > 1) line.cells = cells;
      lines.push(line);
    }
    cur = undefined;
  };
  for (const run of runs) {
    if (run.str === '') {
      if (run.eol) end();
      continue;
    }
    // Whitespace runs carry no position worth trusting: filings lay out table columns with a
    // single space run 1,000-16,000 units wide (AMAZON_2019_10K p. 38), which would swallow the gap.
    const blank = run.str.trim() === '';
    if (cur) {
      const size = Math.max(run.size, dominantSize(cur.sizes));
      if (Math.abs(run.y - cur.y) > SAME_LINE * size) end();
    }
    if (!cur) {
      if (blank) {
        if (run.eol) end();
        continue;
      }
      cur = { text: run.str, y: run.y, x0: run.x, x1: run.x + run.width, sizes: new Map(), cellStarts: [0] };
    } else if (blank) {
      cur.text += run.str;
    } else {
      const gap = run.x - cur.x1;
      if (gap > WORD_GAP * run.size && !/\s$/.test(cur.text) && !/^\s/.test(run.str)) cur.text += ' ';
      if (gap > COLUMN_GAP * run.size) cur.cellStarts.push(cur.text.length);
      cur.text += run.str;
      cur.x0 = Math.min(cur.x0, run.x);
      cur.x1 = Math.max(cur.x1, run.x + run.width);
    }
    if (!blank) {
      const key = Math.round(run.size * 10) / 10;
      cur.sizes.set(key, (cur.sizes.get(key) ?? 0) + run.str.trim().length);
    }
    if (run.eol) end();
  }
  end();
  return lines;
}

function dominantSize(sizes: Map<number, number>): number {
  let best = 0;
  let bestCount = -1;
  for (const [size, count] of sizes) {
    if (count > bestCount || (count === bestCount && size > best)) {
      best = size;
      bestCount = count;
    }
  }
  return best;
}
