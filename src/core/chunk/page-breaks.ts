/**
 * Paragraphs cut by a page break. A PDF paragraph that runs over the end of a page comes out as
 * two blocks, one per page (a block has one page). When the first half stops mid-sentence and
 * the second carries on, the sentence cut in two is one unit for the chunker, so it is never split
 * between chunks and the chunk holding it spans both pages (page … pageEnd).
 */
import type { PlacedBlock } from '../types.ts';

/** Kinds of block that hold running prose. */
const PROSE = new Set(['paragraph', 'list-item']);
/** A sentence ends here: final punctuation, possibly inside closing quotes or brackets. */
const SENTENCE_END = /[.!?。！？:;…][\s"'”’)\]]*$/u;
/** The text before the break stops where a sentence cannot end. */
const OPEN_END = /(?:[,(\-–—]|\b(?:a|an|and|as|at|by|for|from|in|of|on|or|that|the|to|which|with))$/iu;
/** The text after the break starts mid-sentence: a lower-case word or continuing punctuation. */
const MID_START = /^(?:\p{Ll}|[,;)\]])/u;

/** Whether `next` (first block of a page) carries on the sentence `prev` (last block of the page before) left open. */
export function continuesAcrossPage(text: string, prev: PlacedBlock, next: PlacedBlock): boolean {
  if (prev.page === undefined || next.page !== prev.page + 1) return false;
  if (!PROSE.has(prev.kind) || !PROSE.has(next.kind)) return false;
  const before = text.slice(prev.start, prev.end).trimEnd();
  const after = text.slice(next.start, next.end).trimStart();
  if (SENTENCE_END.test(before)) return false;
  return MID_START.test(after) || OPEN_END.test(before);
}
