import { ANALYZER_VERSION, queryWeight, searchTerms } from '../text/search-terms.ts';
import type { LexicalState } from './corpus-image.ts';
import type { DecodedTerms } from './entry-terms.ts';
import { Postings } from './postings.ts';
import { inverseDocumentFrequency, type TermStats } from './term-stats.ts';
import { TopK, type Hit } from './top-k.ts';
import { mapBytes, objectBytes, stringBytes, type BufferTally } from '../util/heap-bytes.ts';

// BM25+ (Lv & Zhai 2011) with the parameters MiniSearch uses, which this index replaced: the
// rankings are the same, scored without its multiplication by the number of query words matched.
const K1 = 1.2;
const B = 0.7;
const DELTA = 0.5;

const EMPTY = 0;
const ALIVE = 1;
/** Removed, with entries perhaps still in posting lists: taking the row again needs a clean-up. */
const REMOVED = 2;

/**
 * A scope's statistics while its rows stay as they are: how many rows, their summed length, and how
 * many hold each word asked so far. Counting a word's rows in a scope walks its whole posting list
 * (half of the library's rows, for "the"), and a library's questions keep asking the same common
 * words, so each count is kept.
 */
interface ScopeStats {
  version: number;
  rows: number;
  length: number;
  holding: Map<string, number>;
}

/** The rows a search is judged among (a strategy's): BM25's statistics are theirs. */
export interface LexicalScope {
  rows: Int32Array;
  /** 1 at each row of `rows` (search/row-mask.ts). */
  mask: Uint8Array;
}

/**
 * BM25 over entry texts, keyed by the same row numbers as the vector index: exact words only (no
 * prefix or fuzzy matching, which would blur entity names), ranked best first with ties broken by
 * row so fused rankings are deterministic. Each entry's terms (text/search-terms.ts: words, Chinese
 * segmented by Intl.Segmenter and also cut into character bigrams, lower-cased) go into one posting list per word, kept in typed arrays.
 *
 * Why not MiniSearch, which this used to wrap: its per-word maps and per-query result objects made
 * one question over FinanceBench's entries cost a hundred times the dense scan of the same rows,
 * and held the largest share of the heap (docs/decisions/2026-11-23-bm25-over-typed-postings.md).
 * A score accumulator over typed posting
 * lists does the same arithmetic without allocating per row.
 *
 * A row's length is its number of distinct words. A search given a scope (a strategy's rows) takes
 * its statistics from those rows alone: how many rows hold each word, and the rows' mean length.
 * The index holds entries of every kind, and taken over all of them the mean length was mostly
 * one-sentence pre-parse entries', so every chunk counted as long and the shorter ones won; with
 * each strategy's own statistics, BM25 over chunks ranks them exactly as rank_bm25 over the same
 * paragraphs, and the default configuration gained with it
 * (docs/decisions/2026-11-26-bm25-statistics-per-strategy.md).
 */
export class LexicalIndex {
  private readonly vocabulary = new Map<string, Postings>();
  /** Counts changes to the rows, so a scope's kept statistics are known to be stale. */
  private version = 0;
  private readonly scopes = new WeakMap<Int32Array, ScopeStats>();
  private state: Uint8Array = new Uint8Array(0);
  private lengths: Uint32Array = new Uint32Array(0);
  private scores = new Float64Array(0);
  /**
   * The rows a search scored, in the order first scored: a row's score is always above 0, so each
   * is listed once. A typed array rather than a growing list, which pushing onto made the dearest
   * step of the loop (a fifth of a search, the same hits:
   * docs/decisions/2026-12-07-storage-and-open-measured.md).
   */
  private touched = new Int32Array(0);
  private alive = 0;
  private totalLength = 0;

  /** Rows currently indexed. */
  get size(): number {
    return this.alive;
  }

  /** How rare each word is among the rows indexed now (the second hop reads it). */
  readonly terms: TermStats = ((index: LexicalIndex): TermStats => ({
    get documents() {
      return index.alive;
    },
    frequency: (word) => index.vocabulary.get(word)?.live ?? 0,
    idf: (word) => inverseDocumentFrequency(index.alive, index.vocabulary.get(word)?.live ?? 0),
  }))(this);

  /**
   * How rare each word is among a scope's rows (a strategy's): what the second hop reads, so that
   * which words it finds telling does not depend on entries the question's strategy never searches
   * (cluster entries exist only once something has read clusters; see pipeline/indexer.ts).
   */
  termsIn(scope: LexicalScope): TermStats {
    const stats = () => this.statsOf(scope.rows);
    const frequency = (word: string) => {
      const postings = this.vocabulary.get(word);
      return postings && postings.live > 0 ? this.holdingIn(scope, stats(), word, postings) : 0;
    };
    return {
      get documents() {
        return stats().rows;
      },
      frequency,
      idf: (word) => inverseDocumentFrequency(stats().rows, frequency(word)),
    };
  }

  has(row: number): boolean {
    return this.state[row] === ALIVE;
  }

  /** Indexes a new row's text; a row already indexed must be removed first. */
  add(row: number, text: string): void {
    this.claim(row);
    const counts = new Map<string, number>();
    for (const w of searchTerms(text)) counts.set(w, (counts.get(w) ?? 0) + 1);
    for (const [word, count] of counts) this.postingsOf(word).push(row, count);
    this.admit(row, counts.size);
  }

  /**
   * Indexes entries `from` and later of decoded counted terms (entry-terms.ts) as rows
   * `firstRow`, `firstRow + 1`, …: the same postings `add` makes from their texts, without
   * segmenting them. Entries `indexed` refuses (by their number among the terms) keep their row
   * unindexed.
   */
  addCounted(firstRow: number, terms: DecodedTerms, from = 0, indexed?: (entry: number) => boolean): void {
    if (terms.entries <= from) return;
    this.reserve(firstRow + terms.entries - from);
    // each word of the record is looked up once, not once per entry holding it
    const lists: (Postings | undefined)[] = new Array(terms.words.length);
    const { start, word, count } = terms;
    for (let entry = from; entry < terms.entries; entry++) {
      if (indexed && !indexed(entry)) continue;
      const row = firstRow + entry - from;
      this.claim(row);
      for (let i = start[entry]; i < start[entry + 1]; i++) {
        let list = lists[word[i]];
        if (!list) list = lists[word[i]] = this.postingsOf(terms.words[word[i]]);
        list.push(row, count[i]);
      }
      this.admit(row, start[entry + 1] - start[entry]);
    }
  }

  addAll(items: { row: number; text: string }[]): void {
    for (const item of items) this.add(item.row, item.text);
  }

  /** Removes a row, given the text it was indexed with (for the word counts); an absent row is harmless. */
  remove(row: number, text: string): void {
    if (this.state[row] !== ALIVE) return;
    // The row's entries stay in the posting lists, skipped by search, until a list is mostly such
    // entries: removing a document of 26,000 chunks must not walk the long lists of common words.
    for (const word of new Set(searchTerms(text))) {
      const postings = this.vocabulary.get(word);
      if (postings) postings.live--;
    }
    this.state[row] = REMOVED;
    this.alive--;
    this.totalLength -= this.lengths[row];
    this.version++;
  }

  /**
   * The k best rows by BM25, best first, ties by lower row. With a scope, only its rows are scored,
   * judged by its statistics; `allow` narrows which of them count (a named document's rows).
   * Without a scope, every row indexed.
   */
  search(query: string, k: number, allow?: (row: number) => boolean, scope?: LexicalScope): Hit[] {
    const top = new TopK(Math.max(0, Math.floor(k)));
    if (top.k === 0 || this.alive === 0) return [];
    const stats = scope ? this.statsOf(scope.rows) : undefined;
    const rowCount = stats ? stats.rows : this.alive;
    if (rowCount === 0) return [];
    // a word asked twice weighs twice, as it did in MiniSearch; a Chinese bigram half (search-terms.ts)
    const asked = new Map<string, number>();
    for (const w of searchTerms(query)) asked.set(w, (asked.get(w) ?? 0) + queryWeight(w));
    const averageLength = (stats ? stats.length : this.totalLength) / rowCount;
    const { state, lengths, scores, touched } = this;
    let scored = 0;
    const isAlive = (row: number) => state[row] === ALIVE;
    for (const [word, times] of asked) {
      const postings = this.vocabulary.get(word);
      if (!postings || postings.live === 0) continue;
      if (postings.length > 2 * postings.live) postings.compact(isAlive);
      const holding = scope && stats ? this.holdingIn(scope, stats, word, postings) : postings.live;
      if (holding === 0) continue;
      const weight = times * inverseDocumentFrequency(rowCount, holding);
      const { rows, counts, length } = postings;
      for (let i = 0; i < length; i++) {
        const row = rows[i];
        // rows outside the scope are never accumulated, so the rows touched are the scope's
        if (state[row] !== ALIVE || (scope && scope.mask[row] !== 1)) continue;
        const tf = counts[i];
        const score = weight * (DELTA + (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * lengths[row]) / averageLength)));
        if (scores[row] === 0) touched[scored++] = row;
        scores[row] += score;
      }
    }
    for (let i = 0; i < scored; i++) {
      const row = touched[i];
      if (!allow || allow(row)) top.push(row, scores[row]);
      scores[row] = 0;
    }
    return top.result();
  }

  /** How many of a scope's rows hold a word (walked once, then kept in the scope's statistics). */
  private holdingIn(scope: LexicalScope, stats: ScopeStats, word: string, postings: Postings): number {
    let holding = stats.holding.get(word);
    if (holding === undefined) {
      holding = 0;
      const { rows, length } = postings;
      for (let i = 0; i < length; i++) if (scope.mask[rows[i]] === 1 && this.state[rows[i]] === ALIVE) holding++;
      stats.holding.set(word, holding);
    }
    return holding;
  }

  /** A scope's statistics (see ScopeStats), kept until any row of the index changes. */
  private statsOf(rows: Int32Array): ScopeStats {
    const known = this.scopes.get(rows);
    if (known?.version === this.version) return known;
    let count = 0;
    let length = 0;
    for (const row of rows) {
      if (this.state[row] !== ALIVE) continue;
      count++;
      length += this.lengths[row];
    }
    const stats: ScopeStats = { version: this.version, rows: count, length, holding: new Map() };
    this.scopes.set(rows, stats);
    return stats;
  }

  /**
   * What the index holds in memory (the engine's memory report): the posting lists with their
   * words, and the statistics beside them: each row's state and length, a search's scratch, and
   * the statistics kept for the scopes given (a strategy's rows) with the counts of words asked.
   */
  memoryBytes(tally: BufferTally, scopes: Iterable<Int32Array> = []): { postings: number; statistics: number } {
    let postings = mapBytes(this.vocabulary.size);
    for (const [word, list] of this.vocabulary) postings += stringBytes(word) + list.heldBytes(tally);
    let statistics = tally.view(this.state) + tally.view(this.lengths) + tally.view(this.scores) + tally.view(this.touched);
    for (const rows of scopes) {
      const stats = this.scopes.get(rows);
      if (!stats) continue;
      statistics += objectBytes(4) + mapBytes(stats.holding.size);
      for (const word of stats.holding.keys()) statistics += stringBytes(word);
    }
    return { postings, statistics };
  }

  /** The index as it searches, copied into one posting array (see corpus-image.ts). */
  exportState(): LexicalState {
    const lists = [...this.vocabulary.values()];
    const offsets = new Uint32Array(lists.length + 1);
    let total = 0;
    for (let i = 0; i < lists.length; i++) {
      offsets[i] = total;
      total += lists[i].length;
    }
    offsets[lists.length] = total;
    const rows = new Int32Array(total);
    const counts = new Uint16Array(total);
    const live = new Uint32Array(lists.length);
    for (let i = 0; i < lists.length; i++) {
      const list = lists[i];
      const at = offsets[i];
      // most lists hold a few rows: copied in place, not through two views made for each
      if (list.length < 32) {
        for (let j = 0; j < list.length; j++) {
          rows[at + j] = list.rows[j];
          counts[at + j] = list.counts[j];
        }
      } else {
        rows.set(list.rows.subarray(0, list.length), at);
        counts.set(list.counts.subarray(0, list.length), at);
      }
      live[i] = list.live;
    }
    const words = [...this.vocabulary.keys()];
    const size = this.state.length;
    return {
      words,
      analyzer: ANALYZER_VERSION,
      offsets,
      rows,
      counts,
      live,
      state: this.state.slice(0, size),
      lengths: this.lengths.slice(0, size),
      alive: this.alive,
      totalLength: this.totalLength,
    };
  }

  /** Takes over an exported state (its arrays are used, not copied); the index must be empty. */
  adoptState(s: LexicalState): void {
    if (this.state.length > 0 || this.vocabulary.size > 0) throw new Error('LexicalIndex: a state is adopted only by an empty index');
    s.words.forEach((word, i) => {
      this.vocabulary.set(word, Postings.over(s.rows.subarray(s.offsets[i], s.offsets[i + 1]), s.counts.subarray(s.offsets[i], s.offsets[i + 1]), s.live[i]));
    });
    this.state = s.state;
    this.lengths = s.lengths;
    this.scores = new Float64Array(s.state.length);
    this.touched = new Int32Array(s.state.length);
    this.alive = s.alive;
    this.totalLength = s.totalLength;
    this.version++;
  }

  /** Checks a row can be taken, and makes room for it. */
  private claim(row: number): void {
    if (!Number.isInteger(row) || row < 0) throw new RangeError(`LexicalIndex: row must be a non-negative integer, got ${row}`);
    if (this.state[row] === ALIVE) throw new RangeError(`LexicalIndex: row ${row} is already indexed`);
    this.reserve(row + 1);
    if (this.state[row] === REMOVED) this.cleanUp();
  }

  /** Marks a row whose postings are in place as alive, with its number of distinct words. */
  private admit(row: number, distinct: number): void {
    this.state[row] = ALIVE;
    this.lengths[row] = distinct;
    this.alive++;
    this.totalLength += distinct;
    this.version++;
  }

  private postingsOf(word: string): Postings {
    let postings = this.vocabulary.get(word);
    if (!postings) {
      postings = new Postings();
      this.vocabulary.set(word, postings);
    }
    return postings;
  }

  /** Room for rows below `rows`. */
  private reserve(rows: number): void {
    if (rows <= this.state.length) return;
    const capacity = Math.max(rows, this.state.length * 2, 64);
    const grow = <T extends Uint8Array | Uint32Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.state = grow(this.state, (n) => new Uint8Array(n));
    this.lengths = grow(this.lengths, (n) => new Uint32Array(n));
    this.scores = grow(this.scores, (n) => new Float64Array(n));
    // only a search's scratch: nothing to carry over
    this.touched = new Int32Array(capacity);
  }

  /** Drops every removed row's entries from the posting lists, so a removed row can be taken again. */
  private cleanUp(): void {
    const isAlive = (row: number) => this.state[row] === ALIVE;
    for (const [word, postings] of this.vocabulary) {
      if (postings.length !== postings.live) postings.compact(isAlive);
      if (postings.length === 0) this.vocabulary.delete(word);
    }
    for (let row = 0; row < this.state.length; row++) if (this.state[row] === REMOVED) this.state[row] = EMPTY;
  }
}
