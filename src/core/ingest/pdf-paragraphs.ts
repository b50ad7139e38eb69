import type { Block } from '../types.ts';
import { CJK_CHARS } from './cjk.ts';
import type { PdfLine } from './pdf-lines.ts';

/**
 * One page's lines → blocks. Lines join into a paragraph until the vertical gap grows beyond the
 * page's usual line spacing, the font size changes, the text jumps up (a new column) or a line is
 * indented (the first line of a typeset paragraph). Lines marked as headings become headings, and
 * lines marked as table rows (pdf-tables.ts) become one table row each.
 */

export interface PageLine extends PdfLine {
  /** Heading level, when this line is (part of) a heading. */
  heading?: number;
  /** Lines of one heading (a title wrapped over several lines) share an id. */
  headingId?: number;
  /** The line is a row of a table, or a label or column header line inside one. */
  tableRow?: boolean;
}

const PARAGRAPH_GAP = 1.4;
const SIZE_CHANGE = 1.15;
const INDENT = 0.8;
const CJK = new RegExp(`[${CJK_CHARS}]`, 'u');

export function pageBlocks(lines: readonly PageLine[], page: number): Block[] {
  const blocks: Block[] = [];
  const leading = typicalLeading(lines);
  const margin = leftMargin(lines);
  let prev: PageLine | undefined;
  let open: Block | undefined;
  for (const line of lines) {
    if (line.tableRow) {
      blocks.push({ kind: 'table-row', text: line.text, page });
      open = undefined;
      prev = line;
      continue;
    }
    const kind = line.heading !== undefined ? 'heading' : 'paragraph';
    if (open && prev && open.kind === kind && (kind === 'heading' ? sameHeading(prev, line) : continues(prev, line, leading, margin))) {
      open.text = joinLines(open.text, line.text);
    } else {
      open = { kind, text: line.text, page };
      if (line.heading !== undefined) open.level = line.heading;
      blocks.push(open);
    }
    prev = line;
  }
  return blocks;
}

function continues(prev: PageLine, line: PageLine, leading: number, margin: number): boolean {
  const size = Math.max(prev.size, line.size);
  const gap = prev.y - line.y;
  if (gap < -0.5 * size) return false;
  if (gap > PARAGRAPH_GAP * leading) return false;
  const ratio = Math.max(prev.size, line.size) / Math.max(0.1, Math.min(prev.size, line.size));
  if (ratio > SIZE_CHANGE) return false;
  if (line.x0 - prev.x0 > INDENT * line.size && line.x0 - margin > INDENT * line.size) return false;
  return true;
}

function sameHeading(prev: PageLine, line: PageLine): boolean {
  return prev.headingId !== undefined && prev.headingId === line.headingId;
}

/** Median baseline distance between consecutive lines of similar size. */
function typicalLeading(lines: readonly PageLine[]): number {
  const gaps: number[] = [];
  let sizeSum = 0;
  for (let i = 0; i < lines.length; i++) {
    sizeSum += lines[i].size;
    if (i === 0) continue;
    const a = lines[i - 1];
    const b = lines[i];
    const gap = a.y - b.y;
    if (gap > 0 && gap < 3 * a.size && Math.abs(a.size - b.size) < 0.15 * a.size) gaps.push(gap);
  }
  if (gaps.length === 0) return 1.2 * (lines.length > 0 ? sizeSum / lines.length : 10);
  gaps.sort((x, y) => x - y);
  return gaps[Math.floor(gaps.length / 2)];
}

/** The x where most body lines start: the lower quartile of starts, robust to odd indents. */
function leftMargin(lines: readonly PageLine[]): number {
  const xs = lines.filter((l) => l.heading === undefined).map((l) => l.x0);
  if (xs.length === 0) return 0;
  xs.sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 4)];
}

/** Joins a wrapped line to the text before it: no space inside CJK, hyphenated words rejoined. */
export function joinLines(before: string, after: string): string {
  if (/\p{Ll}-$/u.test(before) && /^\p{Ll}/u.test(after)) return before.slice(0, -1) + after;
  if (/\p{L}-$/u.test(before)) return before + after;
  if (CJK.test(before.slice(-1)) || CJK.test(after.charAt(0))) return before + after;
  return `${before} ${after}`;
}
