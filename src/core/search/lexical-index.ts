import MiniSearch from 'minisearch';
import { words } from '../text/words.ts';
import { TermStats } from './term-stats.ts';
import { TopK, type Hit } from './top-k.ts';

interface LexicalDoc {
  id: number;
  /** The row's words (see `words`), joined by SEPARATOR: segmented once, here, not again by MiniSearch. */
  text: string;
}

const SEPARATOR = '\u0000';

const OPTIONS = {
  idField: 'id',
  fields: ['text'],
  storeFields: [] as string[],
  // Texts and queries arrive as words() already: it segments Chinese with Intl.Segmenter
  // (MiniSearch's default splits on spaces only, which would make a whole Chinese sentence one
  // term) and lower-cases. The same words also count the document frequencies below.
  tokenize: (text: string): string[] => (text === '' ? [] : text.split(SEPARATOR)),
  processTerm: (term: string): string => term,
};

/**
 * BM25 over entry texts, keyed by the same row numbers as the vector index. A thin layer over
 * MiniSearch: exact terms only (no prefix or fuzzy matching, which would blur entity names), and
 * results ranked with ties broken by row so fused rankings are deterministic. It also knows how
 * many rows hold each word, which the second hop reads to tell rare words from common ones.
 */
export class LexicalIndex {
  private readonly mini = new MiniSearch<LexicalDoc>(OPTIONS);
  readonly terms = new TermStats();

  /** Rows currently indexed. */
  get size(): number {
    return this.mini.documentCount;
  }

  has(row: number): boolean {
    return this.mini.has(row);
  }

  /** Indexes a new row's text; a row already indexed must be removed first. */
  add(row: number, text: string): void {
    if (this.mini.has(row)) throw new RangeError(`LexicalIndex: row ${row} is already indexed`);
    const tokens = words(text);
    this.mini.add({ id: row, text: tokens.join(SEPARATOR) });
    this.terms.add(tokens);
  }

  addAll(items: { row: number; text: string }[]): void {
    for (const item of items) this.add(item.row, item.text);
  }

  /** Removes a row, given the text it was indexed with (for the word counts); an absent row is harmless. */
  remove(row: number, text: string): void {
    if (!this.mini.has(row)) return;
    // discard needs only the id (remove would need the original text); MiniSearch ignores the stale
    // postings at search time, so scores are as if the row had never been added.
    this.mini.discard(row);
    this.terms.remove(words(text));
  }

  /** The k best rows by BM25, best first, ties by lower row; `allow` restricts which rows count. */
  search(query: string, k: number, allow?: (row: number) => boolean): Hit[] {
    const top = new TopK(Math.max(0, Math.floor(k)));
    if (top.k === 0) return [];
    const asked = words(query);
    if (asked.length === 0) return [];
    const results = this.mini.search(asked.join(SEPARATOR), allow ? { filter: (r) => allow(r.id as number) } : {});
    // MiniSearch multiplies BM25 by the number of query terms a row matches, which favours a long
    // row that mentions many of the question's common words over a short one that holds its rare
    // name. Divided back out, the score is plain BM25(+): HotpotQA dev, BM25 alone over chunks,
    // R@5 65.0 → 68.3 and nDCG@10 69.0 → 73.2.
    for (const r of results) top.push(r.id as number, r.score / Math.max(1, r.terms.length));
    return top.result();
  }
}
