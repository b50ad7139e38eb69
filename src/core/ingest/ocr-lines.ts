import type { OcrLine } from '../ports.ts';
import { CJK_CHARS } from './cjk.ts';
import type { PdfLine } from './pdf-lines.ts';

/**
 * OCR boxes → the lines the PDF text path builds (pdf-lines.ts), so paragraphs, headings by size,
 * tables, running headers and page numbers come from the same code whatever read the page.
 * The detector cuts a line at wide gaps and hands boxes in no useful order: boxes whose vertical
 * middles fall within half a box height of each other are one line, read left to right, lines
 * top to bottom. Coordinates go back to PDF points (y up, baseline at the box's bottom).
 *
 * A box's height is a poor measure of its type's size (it spans whatever ascenders and
 * descenders the line holds), so a line keeps a size of its own, which the size-based heading rule
 * (pdf-headings.ts) reads, only when it looks like a heading: taller than the page's body lines by
 * BODY_BAND, short, and not a sentence. A line of body text whose box came out tall ("The backup
 * generator was replaced on 14 March by the contractor Velmont Systems.") stays body text.
 */

// Box heights of one font size jitter by ±2 px at 2× (descenders, accents: 23-26 px for the 12 pt
// body of pdflatex-4-pages): within this ratio of the page's median they are the median, so the
// size-based heading rule (pdf-headings.ts, `LARGER`) sees body text as one size.
const BODY_BAND = 1.2;
// Short: a line holding as many characters as the body's full lines is body text, whatever its
// height; a heading holds at most this share of them (a title page's or a table's lines are
// short, so at least MIN_HEADING_ROOM characters are allowed).
const HEADING_SHARE = 2 / 3;
const MIN_HEADING_ROOM = 40;
// Two words or more, or Chinese, ending in a full stop: a sentence, which headings are not
// ("1." and "U.S." are single tokens).
const SENTENCE_END = /[.。．]$/u;
// A gap this many box heights wide between two boxes of a line separates table cells
// (pdf-lines.ts uses 2 font sizes; a box is about 1.3 font sizes tall).
const CELL_GAP = 1.5;
const CJK = new RegExp(`[${CJK_CHARS}]`, 'u');

export interface OcrPageGeometry {
  /** Pixels per PDF point the page was drawn at. */
  scale: number;
  /** The page image's height in pixels. */
  imageHeight: number;
}

export function ocrPageLines(boxes: readonly OcrLine[], geometry: OcrPageGeometry): PdfLine[] {
  const rows = groupRows(boxes.filter((b) => b.text.trim() !== ''));
  const heights = rows.map((row) => median(row.map((b) => b.box[3] - b.box[1])));
  const body = median(heights);
  const { scale, imageHeight } = geometry;
  // within the band of the body's height, a line is set at it
  const sized = heights.map((h) => (body > 0 && h / body < BODY_BAND && body / h < BODY_BAND ? body : h));
  const lines = rows.map((row, i) => {
    const height = sized[i];
    let text = '';
    const cellStarts = [0];
    for (let j = 0; j < row.length; j++) {
      const piece = row[j].text.trim();
      if (j > 0) {
        const gap = row[j].box[0] - row[j - 1].box[2];
        if (!(CJK.test(text.slice(-1)) && CJK.test(piece.charAt(0)) && gap < 0.5 * height)) text += ' ';
        if (gap > CELL_GAP * height) cellStarts.push(text.length);
      }
      text += piece;
    }
    const bottom = Math.max(...row.map((b) => b.box[3]));
    const line: PdfLine = {
      text,
      y: (imageHeight - bottom) / scale,
      x0: Math.min(...row.map((b) => b.box[0])) / scale,
      x1: Math.max(...row.map((b) => b.box[2])) / scale,
      size: height / scale,
    };
    if (cellStarts.length > 1) line.cells = cellStarts.map((at, k) => text.slice(at, cellStarts[k + 1]).trim()).filter((c) => c !== '');
    return line;
  });
  // the body's full lines: the longer ones of the lines set at its height
  const bodyLengths = lines.filter((_, i) => sized[i] === body).map((l) => [...l.text].length);
  const room = Math.max(MIN_HEADING_ROOM, HEADING_SHARE * percentile(bodyLengths, 0.9));
  lines.forEach((line, i) => {
    if (sized[i] > body && !headingLike(line.text, room)) line.size = body / scale;
  });
  return lines;
}

/** Whether a line set taller than the body may be a heading: at most `room` characters, and not a sentence. */
function headingLike(text: string, room: number): boolean {
  if ([...text].length > room) return false;
  return !(SENTENCE_END.test(text) && (/\s/u.test(text) || CJK.test(text)));
}

/**
 * Boxes into rows, top to bottom, each row left to right. On a page scanned askew the cells of one
 * table row stand at different heights (1.5° over a 500-pixel row is 13 pixels, more than half a
 * line), so heights are compared along the page's skew: the median slope of its wider lines.
 */
function groupRows(boxes: readonly OcrLine[]): OcrLine[][] {
  const slope = Math.tan(median(boxes.filter((b) => b.angle !== undefined && b.box[2] - b.box[0] > 4 * (b.box[3] - b.box[1])).map((b) => b.angle ?? 0)));
  // Image y grows downwards: along a line rising by `slope`, y falls by slope·x.
  const level = (b: OcrLine): number => middle(b) + slope * ((b.box[0] + b.box[2]) / 2);
  const sorted = [...boxes].sort((a, b) => level(a) - level(b));
  const rows: { mid: number; height: number; boxes: OcrLine[] }[] = [];
  for (const box of sorted) {
    const h = box.box[3] - box.box[1];
    const row = rows.find((r) => Math.abs(r.mid - level(box)) < 0.5 * Math.min(r.height, h));
    if (row) row.boxes.push(box);
    else rows.push({ mid: level(box), height: h, boxes: [box] });
  }
  rows.sort((a, b) => a.mid - b.mid);
  return rows.map((r) => r.boxes.sort((a, b) => a.box[0] - b.box[0]));
}

function middle(b: OcrLine): number {
  return (b.box[1] + b.box[3]) / 2;
}

function median(xs: readonly number[]): number {
  return percentile(xs, 0.5);
}

function percentile(xs: readonly number[], share: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * share))];
}
