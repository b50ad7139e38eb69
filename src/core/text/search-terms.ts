/**
 * The terms BM25 indexes and asks for: the words of words.ts, the letter and digit runs of a word
 * like GPT4 (see searchTerms), and, for Chinese, the character bigrams of its Han runs as terms of
 * their own (marked, so a two-character dictionary word and the same bigram are counted apart, as
 * two fields of a search engine would be).
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
import { isYear } from './years.ts';

/** Bumped whenever the terms of a text change: terms counted by another analyzer are counted again. */
export const ANALYZER_VERSION = 3;

/** Put before a bigram term; no word from words.ts holds a control character. */
const BIGRAM = '\u0001';

/** How much a term of a question counts (bigrams half: see above). */
export function queryWeight(term: string): number {
  return term.startsWith(BIGRAM) ? 0.5 : 1;
}

/** A word of Latin letters and digits both ("gpt4", "fy2018", "c919"); `words` lower-cases. */
const LETTERS_AND_DIGITS = /^(?=[a-z]*\d)(?=\d*[a-z])[a-z\d]+$/;
// A lone letter is left out: "d12" would otherwise match every initial ("Ralf D. Bode").
const RUNS = /[a-z]{2,}|\d+/g;

/**
 * A word of letters and digits is also counted as its runs, as Lucene's word-delimiter filter
 * does with the original kept: "GPT-4" is written with a hyphen as often as not, and the segmenter
 * reads it as gpt / 4, "GPT4" as one word, so a question about GPT4 found only the pages that
 * spell it the same (RGB dev: 10 of them, against 172 saying GPT-4).
 *
 * A year stays inside its word ("FY2018" gives fy2018, fy). The named-year step reads a question's
 * year in each candidate's context, file name and headings included; BM25 reading it in a chunk's
 * text alone favours the narrative chunks that repeat it over the table whose header row states
 * it once (FinanceBench dev, the default with the lexical BERT, R@5 50.0 → 44.4 with years split
 * out, 50.0 without; docs/decisions/2026-11-29-letters-and-digits.md). Judged again on 2026-12-02:
 * RGB dev R@5 +0.69 [0.0, 1.8] with the runs, on the edge of the keep rule; the other sets are still
 * to be run without them (docs/decisions/2026-12-02-rules-judged-on-large-sets.md).
 */
export function searchTerms(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    out.push(word);
    if (LETTERS_AND_DIGITS.test(word)) for (const run of word.match(RUNS) ?? []) if (!isYear(run)) out.push(run);
  }
  for (const bigram of hanBigrams(text)) out.push(BIGRAM + bigram);
  return out;
}
