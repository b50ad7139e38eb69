import type { PdfLine } from './pdf-lines.ts';

/**
 * Running headers and footers: lines printed at the top or bottom of many pages ("Table of
 * Contents", "Pfizer Inc. | 2021 Form 10-K | 53", "PART II Item 8", page numbers). They are not
 * content, and left in place they land in the middle of paragraphs and tables that continue over
 * the page break. They are found by repetition, never by their wording: a line is running when
 * the same text, digits aside, sits among the first or last lines of a quarter of the pages. A bare
 * page number ("12", "- 7 -", "iv") as the very first or last line goes whatever the count: a short
 * document has too few pages for its numbers to repeat.
 */

// How many lines from each edge may be running. Measured on the 29 FinanceBench filings: the
// deepest real header is two lines ("PART II" over "Item 8" in MICROSOFT_2016_10K), the deepest
// footer two ("2019 FORM 10-K 54" over "NIKE, INC."); a third line leaves room for a page number.
const EDGE_LINES = 3;
// Share of the pages a line must repeat on: real running lines cover far more of a filing's pages,
// text that merely recurs at page tops (a statement's title) less
// ([record](../../../docs/decisions/2026-12-07-reading-models-and-page-measured.md#reading-documents)).
const SHARE = 0.25;
// Fewer repetitions than this are never running, whatever the share: in a four-page letter two
// pages that start with the same salutation are not a header.
const MIN_PAGES = 3;

const PAGE_NUMBER = /^(?:[-–—]\s*)?(?:\d{1,4}|[ivxlcdm]{1,7})(?:\s*[-–—])?$/i;

/** Removes the running lines of every page; pages keep their other lines in their order. */
export function dropRunningLines(pages: readonly PdfLine[][]): PdfLine[][] {
  const edges = pages.map(edgeLines);
  const counts = new Map<string, number>();
  for (const { top, bottom } of edges) {
    const keys = new Set([...top.map((l) => `top ${lineKey(l)}`), ...bottom.map((l) => `bottom ${lineKey(l)}`)]);
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const needed = Math.max(MIN_PAGES, Math.ceil(SHARE * pages.length));
  const running = (edge: string, line: PdfLine): boolean => (counts.get(`${edge} ${lineKey(line)}`) ?? 0) >= needed;

  return pages.map((lines, p) => {
    const { numbers, top, bottom } = edges[p];
    const drop = new Set<PdfLine>(numbers);
    // Peeled from the edge inwards: a repeated line below a line that is not running is content
    // (a table's column header at the top of every page of a long table in JOHNSON_JOHNSON_2023Q2).
    for (const line of top) {
      if (!running('top', line)) break;
      drop.add(line);
    }
    for (const line of bottom) {
      if (!running('bottom', line)) break;
      drop.add(line);
    }
    return drop.size === 0 ? lines : lines.filter((l) => !drop.has(l));
  });
}

/**
 * A page's bare page numbers at the very top and bottom, then the first and last lines of the rest,
 * edge first. By position, not reading order: pdf.js may emit a header last. The numbers are taken
 * off before counting, or a year standing alone under a running header ("2018" over a table in
 * LOCKHEEDMARTIN_2020_10K p. 86) would share their folded key "#" and go with them.
 */
function edgeLines(lines: readonly PdfLine[]): { numbers: PdfLine[]; top: PdfLine[]; bottom: PdfLine[] } {
  const byHeight = [...lines].sort((a, b) => b.y - a.y);
  let first = 0;
  let last = byHeight.length;
  if (last > first && PAGE_NUMBER.test(byHeight[first].text)) first++;
  if (last > first && PAGE_NUMBER.test(byHeight[last - 1].text)) last--;
  const rest = byHeight.slice(first, last);
  return {
    numbers: [...byHeight.slice(0, first), ...byHeight.slice(last)],
    top: rest.slice(0, EDGE_LINES),
    bottom: rest.slice(-EDGE_LINES).reverse(),
  };
}

/** Text with numbers folded, so "Page 12" and "Page 13", "F-7" and "F-8", "iv" and "v" match. */
function lineKey(line: PdfLine): string {
  const key = line.text.normalize('NFKC').toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
  return /^[ivxlcdm]+$/.test(key) ? '#' : key;
}
