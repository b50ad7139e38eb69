/**
 * The second hop of a multi-hop question, without a language model. "Where was the director of
 * Kiss and Tell born?" finds the film's passage, which names the director; the passage that says
 * where she was born shares no word with the question, only with the first passage. So the
 * question is searched again, expanded with what the first hop's best passages are about: their
 * titles and headings, the names they mention, and their rarest words in this library.
 */
import type { TermStats } from '../search/term-stats.ts';
import { words } from '../text/words.ts';

export interface HopSource {
  text: string;
  /** Section titles, outermost first (a document's title is usually the first). */
  headingPath: readonly string[];
}

export interface ExpansionOptions {
  /** Rare words taken from each passage; default 4. */
  wordsPerPassage?: number;
  /** Names (capitalized phrases) taken from each passage; default 3. */
  namesPerPassage?: number;
}

// A run of capitalized words, allowing the short lower-case joiners of names ("Bank of America").
const NAME = /\p{Lu}[\p{L}\p{N}'’-]*(?:[ \t]+(?:(?:of|de|la|von|van|der|and|the|y)[ \t]+)?\p{Lu}[\p{L}\p{N}'’-]*)*/gu;

/**
 * Terms to add to the question: for each passage (best first), its headings, its names and its
 * rarest words, none the question already has, no term twice. Rarity is the library's own (BM25's
 * IDF over the original chunks), so a word common in this library is never taken, whatever the
 * language; names count only in scripts that capitalize.
 */
export function expansionTerms(question: string, passages: readonly HopSource[], stats: TermStats, options: ExpansionOptions = {}): string[] {
  const perPassage = options.wordsPerPassage ?? 4;
  const namesPer = options.namesPerPassage ?? 3;
  const asked = new Set(words(question));
  const taken = new Set<string>();
  const out: string[] = [];
  const isNew = (phrase: string): boolean => {
    const ws = words(phrase);
    return ws.length > 0 && ws.some((w) => !asked.has(w)) && !taken.has(ws.join(' '));
  };
  const take = (phrase: string): void => {
    taken.add(words(phrase).join(' '));
    for (const w of words(phrase)) asked.add(w);
    out.push(phrase.trim());
  };

  for (const passage of passages) {
    for (const heading of passage.headingPath) if (isNew(heading)) take(heading);
    // "rare" is relative to the passage's own usual word, so no threshold depends on the library's size
    const usual = averageIdf(passage.text, stats);
    const names = [...passage.text.matchAll(NAME)]
      .map((m) => m[0])
      // a capitalized sentence opener alone ("The", "In") is not a name
      .filter((name) => name.includes(' ') || stats.idf(name.toLowerCase()) > usual);
    let named = 0;
    for (const name of names) {
      if (named >= namesPer) break;
      if (!isNew(name)) continue;
      take(name);
      named++;
    }
    const rare = [...new Set(words(passage.text))]
      .filter((w) => !asked.has(w) && stats.frequency(w) > 0 && stats.idf(w) > usual)
      .sort((a, b) => stats.idf(b) - stats.idf(a) || (a < b ? -1 : 1))
      .slice(0, perPassage);
    for (const w of rare) if (isNew(w)) take(w);
  }
  return out;
}

/** Mean IDF of a text's words: a word above it is rarer than the text's usual word. */
function averageIdf(text: string, stats: TermStats): number {
  const ws = words(text);
  if (ws.length === 0) return 0;
  return ws.reduce((sum, w) => sum + stats.idf(w), 0) / ws.length;
}

/** The second hop's query: the question, then the added terms. */
export function expandedQuestion(question: string, terms: readonly string[]): string {
  return terms.length === 0 ? question : `${question} ${terms.join(' ')}`;
}
