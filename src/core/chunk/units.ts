/**
 * The smallest pieces a chunk is packed from: sentences of the body blocks, each with its exact
 * span in the document text. A sentence longer than a whole chunk is cut at word boundaries.
 */
import { sentencePieces } from '../text/words.ts';
import type { PlacedBlock } from '../types.ts';

export interface Unit {
  start: number;
  end: number;
  page?: number;
  tokens: number;
}

/** Sentence spans of the given blocks, whitespace trimmed off each span. */
export function sentenceSpans(text: string, blocks: PlacedBlock[]): Omit<Unit, 'tokens'>[] {
  const spans: Omit<Unit, 'tokens'>[] = [];
  for (const block of blocks) {
    const blockText = text.slice(block.start, block.end);
    // Code keeps its lines together: sentence rules make no sense inside it.
    const pieces = block.kind === 'code' ? [{ text: blockText, start: 0 }] : sentencePieces(blockText);
    for (const piece of pieces) {
      const lead = piece.text.length - piece.text.trimStart().length;
      const trimmed = piece.text.trim();
      if (!trimmed) continue;
      const start = block.start + piece.start + lead;
      spans.push({ start, end: start + trimmed.length, page: block.page });
    }
  }
  return spans;
}

/**
 * Cuts a span into `parts` pieces of about equal length, at word boundaries where there are any
 * (whitespace), else anywhere (Chinese has no spaces; any character boundary is a word boundary
 * often enough for a fallback).
 */
export function splitSpan(text: string, span: Omit<Unit, 'tokens'>, parts: number): Omit<Unit, 'tokens'>[] {
  const length = span.end - span.start;
  const out: Omit<Unit, 'tokens'>[] = [];
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
    if (trimmedEnd > start + lead) out.push({ start: start + lead, end: trimmedEnd, page: span.page });
    start = end;
  }
  return out;
}
