/**
 * The terms BM25 indexes and asks for: the words of words.ts and, for Chinese, the character
 * bigrams of its Han runs as terms of their own (marked, so a two-character dictionary word and
 * the same bigram are counted apart, as two fields of a search engine would be). ICU's dictionary
 * words alone missed what the bigrams find: RGB dev (Chinese) with the lexical BERT, BM25 R@5
 * 39.6 → see docs/decisions for the measured change.
 */
import { hanBigrams } from './han-bigrams.ts';
import { words } from './words.ts';

/** Bumped whenever the terms of a text change: terms counted by another analyzer are counted again. */
export const ANALYZER_VERSION = 2;

/** Put before a bigram term; no word from words.ts holds a control character. */
const BIGRAM = '\u0001';

export function searchTerms(text: string): string[] {
  const out = words(text);
  for (const bigram of hanBigrams(text)) out.push(BIGRAM + bigram);
  return out;
}
