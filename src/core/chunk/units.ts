/**
 * The smallest pieces a chunk is packed from: sentences of the body blocks, each with its exact
 * span in the document text. A table row is one piece whatever its punctuation, a sentence cut by
 * a page break is one piece over both pages, and a sentence longer than a whole chunk is cut at
 * word boundaries.
 */
import { sentencePieces } from '../text/words.ts';
import { pushAll } from '../util/push-all.ts';
import type { PlacedBlock } from '../types.ts';
import { continuesAcrossPage } from './page-breaks.ts';

export interface Unit {
  start: number;
  end: number;
  page?: number;
  /** Last page of a unit that runs over a page break. */
  pageEnd?: number;
  /** Index of the run's table (tables.ts) this unit is a caption or row of. */
  table?: number;
  tokens: number;
}

export type Span = Omit<Unit, 'tokens'>;

/** Sentence spans of the given blocks, whitespace trimmed off each span. */
export function sentenceSpans(text: string, blocks: readonly PlacedBlock[]): Span[] {
  const spans: Span[] = [];
  blocks.forEach((block, b) => {
    const blockText = text.slice(block.start, block.end);
    // Code keeps its lines together and a row its cells: sentence rules make no sense inside them
    // ("Basic earnings per share $ 6.32 $ 20.68" is no two sentences).
    const whole = block.kind === 'code' || block.kind === 'table-row';
    const pieces = whole ? [{ text: blockText, start: 0 }] : sentencePieces(blockText);
    const own: Span[] = [];
    for (const piece of pieces) {
      const lead = piece.text.length - piece.text.trimStart().length;
      const trimmed = piece.text.trim();
      if (!trimmed) continue;
      const start = block.start + piece.start + lead;
      own.push({ start, end: start + trimmed.length, page: block.page });
    }
    const previous = spans[spans.length - 1];
    const [first, ...rest] = own;
    if (previous !== undefined && first !== undefined && continuesAcrossPage(text, blocks[b - 1], block)) {
      spans[spans.length - 1] = { ...previous, end: first.end, pageEnd: first.page };
      pushAll(spans, rest);
    } else {
      pushAll(spans, own);
    }
  });
  return spans;
}

/**
 * Cuts a span into `parts` pieces of about equal length, at word boundaries where there are any
 * (whitespace), else anywhere (Chinese has no spaces; any character boundary is a word boundary
 * often enough for a fallback). Pieces keep the span's pages.
 */
export function splitSpan(text: string, span: Span, parts: number): Span[] {
  const length = span.end - span.start;
  const out: Span[] = [];
  let start = span.start;
  for (let i = 1; i <= parts && start < span.end; i++) {
    let end = i === parts ? span.end : Math.round(span.start + (length * i) / parts);
    if (end < span.end) {
      const space = text.lastIndexOf(' ', end);
      if (space > start) end = space;
    }
    const piece = text.slice(start, end);
    const lead = piece.length - piece.trimStart().length;
    const trimmedEnd = start + piece.trimEnd().length;
    if (trimmedEnd > start + lead) out.push({ ...span, start: start + lead, end: trimmedEnd });
    start = end;
  }
  return out;
}
