/**
 * The second hop of a multi-hop question, without a language model. "Where was the director of
 * Kiss and Tell born?" finds the film's passage, which names the director; the passage that says
 * where she was born shares no word with the question, only with the first passage. So the
 * question is searched again, expanded with the first hop's best passages' rarest words in this
 * library: the names and terms that passage alone is about. And the documents those passages name
 * by their title (search/document-links.ts) are searched by the question among their own rows: a
 * link followed, as a reader of the film's article follows its director's name to his article.
 */
import type { TermStats } from '../search/term-stats.ts';
import { words } from '../text/words.ts';

export interface HopSource {
  text: string;
}

export interface ExpansionOptions {
  /** Rare words taken from each passage; default 4. */
  wordsPerPassage?: number;
}

/**
 * Terms to add to the question: each passage's rarest words (best passage first), none the
 * question already has, no word twice. Rarity is the library's own (BM25's IDF over the entries it
 * searches), so a word common in this library is never taken, whatever the language.
 *
 * Headings and capitalized names were taken too until they were judged one at a time on the large
 * dev sets: neither lifted a set anywhere, and names cost HotpotQA significantly with the lexical
 * BERT; the rare words lift RGB's recall and HotpotQA's ranking with GloVe and USE-Lite
 * (docs/decisions/2026-12-02-rules-judged-on-large-sets.md).
 */
export function expansionTerms(question: string, passages: readonly HopSource[], stats: TermStats, options: ExpansionOptions = {}): string[] {
  const perPassage = options.wordsPerPassage ?? 4;
  const asked = new Set(words(question));
  const out: string[] = [];
  for (const passage of passages) {
    const passageWords = words(passage.text);
    // "rare" is relative to the passage's own usual word, so no threshold depends on the library's size
    const usual = usualRarity(passageWords, stats);
    const rare = [...new Set(passageWords)]
      .filter((w) => !asked.has(w) && stats.frequency(w) > 0 && stats.idf(w) > usual)
      .sort((a, b) => stats.idf(b) - stats.idf(a) || (a < b ? -1 : 1))
      .slice(0, perPassage);
    for (const w of rare) {
      asked.add(w);
      out.push(w);
    }
  }
  return out;
}

/**
 * Which titles the passages name are worth following: those holding a word rarer in this library
 * than the passages' usual word, as the rare words above. A title of common words ("Introduction",
 * the "Annual report" of a folder of reports) said in passing links nowhere in particular.
 */
export function titlesWorthFollowing(passages: readonly HopSource[], stats: TermStats): (titleWords: readonly string[]) => boolean {
  const usual = usualRarity(passages.flatMap((p) => words(p.text)), stats);
  return (titleWords) => titleWords.some((w) => stats.idf(w) > usual);
}

/** The mean rarity (IDF) of a passage's words. */
function usualRarity(passageWords: readonly string[], stats: TermStats): number {
  return passageWords.reduce((sum, w) => sum + stats.idf(w), 0) / Math.max(1, passageWords.length);
}

/** The second hop's query: the question, then the added terms. */
export function expandedQuestion(question: string, terms: readonly string[]): string {
  return terms.length === 0 ? question : `${question} ${terms.join(' ')}`;
}
