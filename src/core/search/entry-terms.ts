/**
 * Counted entry terms (the EntryTerms of types.ts): segmentation was half of building the search
 * corpus from a stored index (13,140 entries of a 1 MB text: 283 of 545 ms), so each entry's words
 * are counted once, when the entry is made, and stored with it.
 */
import { words } from '../text/words.ts';
import type { Entry, EntryTerms } from '../types.ts';

export type { EntryTerms };

export const NO_TERMS: EntryTerms = { entries: 0, lastId: '', words: [], data: new Uint8Array(0) };

/**
 * Terms that count exactly `entries`: `terms` itself when it does, `terms` extended by the entries
 * after the ones it counted when those are unchanged (pre-parsing appends a batch at a time, and
 * each checkpoint then counts only the batch), and a new count otherwise.
 */
export function termsFor(entries: readonly Pick<Entry, 'id' | 'text'>[], terms: EntryTerms | undefined): EntryTerms {
  if (!terms || !covers(terms, entries)) return countTerms(entries);
  return terms.entries === entries.length ? terms : countTerms(entries.slice(terms.entries), terms);
}

/** Whether `terms` counted the first `terms.entries` of `entries` (judged by the last one's id). */
export function covers(terms: EntryTerms, entries: readonly Pick<Entry, 'id'>[]): boolean {
  if (terms.entries > entries.length) return false;
  return terms.entries === 0 ? terms.lastId === '' : entries[terms.entries - 1].id === terms.lastId;
}

/**
 * `terms` extended by `added`, the entries that follow the ones it counted. The given terms are
 * not changed: a record's stored terms stay valid while its grown copy is being saved.
 */
export function countTerms(added: readonly Pick<Entry, 'id' | 'text'>[], terms: EntryTerms = NO_TERMS): EntryTerms {
  if (added.length === 0) return terms;
  const vocabulary = terms.words.slice();
  const indexOf = new Map<string, number>();
  vocabulary.forEach((word, i) => indexOf.set(word, i));
  const out = new VarintWriter(terms.data, added.length * 64);
  const counts = new Map<number, number>();
  for (const { text } of added) {
    counts.clear();
    for (const word of words(text)) {
      let index = indexOf.get(word);
      if (index === undefined) {
        index = vocabulary.length;
        vocabulary.push(word);
        indexOf.set(word, index);
      }
      counts.set(index, (counts.get(index) ?? 0) + 1);
    }
    out.write(counts.size);
    for (const [index, count] of counts) {
      out.write(index);
      out.write(count);
    }
  }
  return { entries: terms.entries + added.length, lastId: added[added.length - 1].id, words: vocabulary, data: out.bytes() };
}

/** What is wrong with terms whose data does not hold `terms.entries` whole entries, or undefined. */
export function termsFault(terms: EntryTerms): string | undefined {
  return readTerms(terms, terms.entries, () => {}, () => {});
}

/**
 * Calls `visit(entry, wordIndex, count)` for every counted word of entries `from` and later; an
 * entry's pairs come together, after `start(entry, distinct)`. Returns what is wrong when the data
 * does not hold exactly `terms.entries` entries (a damaged or mismatched record), having visited
 * what came before the fault: check with termsFault first where half a visit would do harm.
 */
export function readTerms(
  terms: EntryTerms,
  from: number,
  start: (entry: number, distinct: number) => void,
  visit: (entry: number, wordIndex: number, count: number) => void,
): string | undefined {
  const { data, words: vocabulary } = terms;
  let at = 0;
  // -1: the data ended inside a number
  const next = (): number => {
    let value = 0;
    let shift = 0;
    for (;;) {
      if (at >= data.length) return -1;
      const byte = data[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
      shift += 7;
    }
  };
  for (let entry = 0; entry < terms.entries; entry++) {
    const distinct = next();
    if (distinct < 0) return `entry terms end at entry ${entry} of ${terms.entries}`;
    const wanted = entry >= from;
    if (wanted) start(entry, distinct);
    for (let i = 0; i < distinct; i++) {
      const index = next();
      const count = next();
      if (count < 0) return `entry terms end inside entry ${entry}`;
      if (index >= vocabulary.length) return `entry terms name word ${index} of ${vocabulary.length}`;
      if (wanted) visit(entry, index, count);
    }
  }
  return at === data.length ? undefined : `entry terms hold more than ${terms.entries} entries`;
}

/** Unsigned LEB128 into a growing buffer that starts as a copy of `prefix`. */
class VarintWriter {
  private buffer: Uint8Array;
  private length: number;

  constructor(prefix: Uint8Array, extra: number) {
    this.buffer = new Uint8Array(prefix.length + extra);
    this.buffer.set(prefix);
    this.length = prefix.length;
  }

  write(value: number): void {
    if (this.length + 5 > this.buffer.length) {
      const grown = new Uint8Array(this.buffer.length * 2 + 16);
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    let v = value;
    while (v >= 0x80) {
      this.buffer[this.length++] = (v & 0x7f) | 0x80;
      v = Math.floor(v / 128);
    }
    this.buffer[this.length++] = v;
  }

  bytes(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}
