/**
 * How an answer is shown: citation brackets turned into parts the UI renders as clickable chips.
 * The engine sends the answer with its reasoning removed, and a finished one with its citations as
 * it checked them (src/core/answer), drawn from them; only an answer still streaming is parsed
 * here, with the engine's own parser, so the UI recognises exactly the forms the engine validates.
 */
import { parseCitations, type CitationSpan } from '../../protocol/vocabulary.ts';

export type AnswerPart = { kind: 'text'; text: string } | { kind: 'cite'; numbers: number[]; raw: string };

/** `citations`: the finished answer's, from the engine; absent while the answer streams. */
export function answerParts(text: string, citations?: readonly CitationSpan[]): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let pos = 0;
  for (const span of citations ?? citationSpans(text)) {
    if (span.start > pos) parts.push({ kind: 'text', text: text.slice(pos, span.start) });
    parts.push({ kind: 'cite', numbers: [...new Set(span.numbers)], raw: text.slice(span.start, span.end) });
    pos = span.end;
  }
  if (pos < text.length) parts.push({ kind: 'text', text: text.slice(pos) });
  return parts;
}

/** The citation brackets of a text still being written, one span a bracket. */
export function citationSpans(text: string): CitationSpan[] {
  const spans: CitationSpan[] = [];
  // parseCitations yields one item per number; numbers of one bracket share its span.
  for (const c of parseCitations(text)) {
    const last = spans[spans.length - 1];
    if (last && last.start === c.start) last.numbers.push(c.n);
    else spans.push({ start: c.start, end: c.end, numbers: [c.n] });
  }
  return spans;
}

/**
 * Source numbers cited in already-parsed parts, in order of first appearance: derived from the
 * parts so a streamed answer is parsed once per token, not once for the text and once for this.
 */
export function citedInParts(parts: readonly AnswerPart[]): number[] {
  const seen: number[] = [];
  for (const part of parts) if (part.kind === 'cite') for (const n of part.numbers) if (!seen.includes(n)) seen.push(n);
  return seen;
}
