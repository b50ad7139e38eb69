/**
 * How an answer is shown: reasoning removed, citation brackets turned into parts the UI renders
 * as clickable chips. The parsing itself belongs to the engine (src/core/answer), so the UI
 * recognises exactly the citation forms the engine validated.
 */
import { parseCitations, stripThinking } from '../../protocol/vocabulary.ts';

export type AnswerPart = { kind: 'text'; text: string } | { kind: 'cite'; numbers: number[]; raw: string };

export function answerParts(raw: string): AnswerPart[] {
  const text = stripThinking(raw).replace(/^\s+/u, '');
  const parts: AnswerPart[] = [];
  let pos = 0;
  let current: { start: number; end: number; numbers: number[] } | undefined;
  const flush = () => {
    if (!current) return;
    if (current.start > pos) parts.push({ kind: 'text', text: text.slice(pos, current.start) });
    parts.push({ kind: 'cite', numbers: [...new Set(current.numbers)], raw: text.slice(current.start, current.end) });
    pos = current.end;
    current = undefined;
  };
  // parseCitations yields one item per number; numbers of one bracket share its span.
  for (const c of parseCitations(text)) {
    if (current && current.start === c.start) current.numbers.push(c.n);
    else {
      flush();
      current = { start: c.start, end: c.end, numbers: [c.n] };
    }
  }
  flush();
  if (pos < text.length) parts.push({ kind: 'text', text: text.slice(pos) });
  return parts;
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
