/**
 * Pre-parsing without a language model, for devices that cannot run one (or until one is loaded):
 * every sentence becomes a `context` detail entry, so a question matching one sentence of a long
 * chunk is not drowned out by the rest of the chunk, and the heading path plus the opening sentence
 * stands in for the summary. Everything it emits is copied from the text or its headings.
 */
import type { Entry, EntryOrigin } from '../types.ts';
import { sentencePieces, words } from '../text/words.ts';
import { entriesFromPreparse } from './entries.ts';
import type { Triple } from './validate.ts';

/** A piece below this size ("Yes.", "Mr.", "第一条", a bare heading) is not a sentence on its own. */
const MIN_SENTENCE_SIZE = 5;

const HAN = /\p{Script=Han}/u;

export function extractiveEntries(origin: EntryOrigin, text: string, headingPath: string[]): Entry[] {
  const units = sentenceUnits(text);
  if (units.length === 0) return [];
  const summary = headingPath.length > 0 ? `${headingPath.join(' › ')}: ${units[0]}` : units[0];
  const seen = new Set<string>();
  const points: Triple[] = [];
  for (const context of units) {
    if (seen.has(context)) continue;
    seen.add(context);
    points.push({ context });
  }
  // Without a heading path the summary would repeat the first context word for word.
  const whole: Triple = seen.has(summary) ? {} : { summary };
  return entriesFromPreparse(origin, { whole, points }, 'extractive');
}

/**
 * Sentences of the text, a short one joined to the sentence after it (the last to the one before),
 * each cut from the text itself so it stays a verbatim substring.
 */
function sentenceUnits(text: string): string[] {
  const spans: { start: number; end: number }[] = [];
  let pendingStart: number | undefined;
  for (const piece of sentencePieces(text)) {
    if (piece.text.trim().length === 0) continue;
    const start = pendingStart ?? piece.start;
    const end = piece.start + piece.text.length;
    if (sentenceSize(piece.text) < MIN_SENTENCE_SIZE) {
      pendingStart = start;
      continue;
    }
    spans.push({ start, end });
    pendingStart = undefined;
  }
  if (pendingStart !== undefined) {
    const last = spans.pop();
    spans.push({ start: last?.start ?? pendingStart, end: text.length });
  }
  return spans.map((s) => text.slice(s.start, s.end).trim()).filter((s) => s.length > 0);
}

/** Han characters count one each (a Chinese word is one to a few of them); other words count one. */
function sentenceSize(sentence: string): number {
  let size = 0;
  for (const word of words(sentence)) size += HAN.test(word) ? Array.from(word).length : 1;
  return size;
}
