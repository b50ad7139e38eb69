/**
 * The terms BM25 indexes and asks for: the words of words.ts and, for Chinese, the character
 * bigrams of its Han runs as terms of their own (marked, so a two-character dictionary word and
 * the same bigram are counted apart, as two fields of a search engine would be).
 *
 * A question's bigrams weigh half each: they and the dictionary words are two readings of the same
 * characters, and counted in full they doubled the Chinese part of a question against its numbers
 * and Latin words (a year is what tells RGB's positives from their negatives); at half weight
 * BM25 and the default did best on RGB (docs/decisions/2026-11-28-chinese-bigrams.md).
 */
import { hanBigrams } from './han-bigrams.ts';
import { words } from './words.ts';

/** Bumped whenever the terms of a text change: terms counted by another analyzer are counted again. */
export const ANALYZER_VERSION = 4;

/** Put before a bigram term; no word from words.ts holds a control character. */
const BIGRAM = '\u0001';

/** How much a term of a question counts (bigrams half: see above). */
export function queryWeight(term: string): number {
  return term.startsWith(BIGRAM) ? 0.5 : 1;
}

/**
 * The words, then the Han bigrams. A word of letters and digits ("GPT4") is one term: counting its
 * runs too (gpt, 4) paid significantly on no large set, and cost HotpotQA a few questions, so it
 * was deleted (docs/decisions/2026-12-03-letters-and-digits-deleted.md).
 */
export function searchTerms(text: string): string[] {
  return [...words(text), ...hanBigrams(text).map((bigram) => BIGRAM + bigram)];
}
