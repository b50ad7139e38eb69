/**
 * The terms BM25 indexes and asks for: the words of words.ts and, for Chinese, the character
 * bigrams of its Han runs as terms of their own (marked, so a two-character dictionary word and
 * the same bigram are counted apart, as two fields of a search engine would be).
 *
 * A question's bigrams weigh half each: they and the dictionary words are two readings of the same
 * characters, and counted in full they doubled the Chinese part of a question against its numbers
 * and Latin words (a year is what tells RGB's positives from their negatives). RGB dev with the
 * lexical BERT, R@5 / all-gold@5 / nDCG@10: BM25 38.7 / 3.8 / 58.3 with words alone, 39.0 / 5.4 /
 * 58.9 with bigrams in full, 39.7 / 4.6 / 59.1 at half; the default 42.5 / 6.9 / 59.4 → 40.6 /
 * 6.2 / 60.0 in full (at the same dense weight; its calibration also moved to 0.2) → 42.3 / 7.7 /
 * 60.1 at half.
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
 * runs too (gpt, 4) paid significantly on no large set (R@5 with them: RGB +0.69 [0.00, 1.77],
 * FinanceBench with the lexical BERT +2.78 [0.00, 8.33], HotpotQA with the lexical BERT and
 * USE-Lite −0.75) and was deleted (docs/decisions/2026-12-02-rules-judged-on-large-sets.md).
 */
export function searchTerms(text: string): string[] {
  return [...words(text), ...hanBigrams(text).map((bigram) => BIGRAM + bigram)];
}
