/**
 * Counted entry terms (the EntryTerms of types.ts): segmentation was half of building the search
 * corpus from a stored index (docs/decisions/2026-12-07-storage-and-open-measured.md), so each entry's words
 * are counted once, when the entry is made, and stored with it.
 */
import { ANALYZER_VERSION, searchTerms } from '../text/search-terms.ts';
import type { Entry, EntryTerms } from '../types.ts';

export type { EntryTerms };

export const NO_TERMS: EntryTerms = { entries: 0, lastId: '', words: [], analyzer: ANALYZER_VERSION, data: new Uint8Array(0) };

/**
 * Terms that count exactly `entries`: `terms` itself when it does, `terms` extended by the entries
 * after the ones it counted when those are unchanged (pre-parsing appends a batch at a time, and
 * each checkpoint then counts only the batch), and a new count otherwise.
 */
export function termsFor(entries: readonly Pick<Entry, 'id' | 'text'>[], terms: EntryTerms | undefined): EntryTerms {
  if (!terms || !covers(terms, entries)) return countTerms(entries);
  return terms.entries === entries.length ? terms : countTerms(entries.slice(terms.entries), terms);
}

/**
 * Whether `terms` counted the first `terms.entries` of `entries` (judged by the last one's id) the
 * way this version counts: terms of an older analyzer (a library indexed before Chinese bigrams)
 * are counted again from the texts.
 */
export function covers(terms: EntryTerms, entries: readonly Pick<Entry, 'id'>[]): boolean {
  if ((terms.analyzer ?? 1) !== ANALYZER_VERSION) return false;
  if (terms.entries > entries.length) return false;
  return terms.entries === 0 ? terms.lastId === '' : entries[terms.entries - 1].id === terms.lastId;
}

/**
 * `terms` extended by `added`, the entries that follow the ones it counted. The given terms are
 * not changed: a record's stored terms stay valid while its grown copy is being saved.
 */
export function countTerms(added: readonly Pick<Entry, 'id' | 'text'>[], terms: EntryTerms = NO_TERMS): EntryTerms {
  if (added.length === 0) return terms;
  if ((terms.analyzer ?? 1) !== ANALYZER_VERSION) throw new Error('countTerms: cannot extend terms counted by another analyzer.');
  const vocabulary = terms.words.slice();
  const indexOf = new Map<string, number>();
  vocabulary.forEach((word, i) => indexOf.set(word, i));
  const out = new VarintWriter(terms.data, added.length * 64);
  const counts = new Map<number, number>();
  for (const { text } of added) {
    counts.clear();
    for (const word of searchTerms(text)) {
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
  return { entries: terms.entries + added.length, lastId: added[added.length - 1].id, words: vocabulary, analyzer: ANALYZER_VERSION, data: out.bytes() };
}

/** Terms unpacked for reading: entry e's pairs are `word[i]`, `count[i]` for i in `start[e] .. start[e + 1]`. */
export interface DecodedTerms {
  entries: number;
  words: readonly string[];
  start: Uint32Array;
  word: Uint32Array;
  count: Uint32Array;
}

/**
 * Unpacks terms in one pass, or says what is wrong when the data does not hold exactly
 * `terms.entries` entries of words it names (a damaged or mismatched record). Written as one loop
 * over the bytes: reading with a callback a pair was most of laying out a large index's search
 * corpus.
 */
export function decodeTerms(terms: EntryTerms): DecodedTerms | { fault: string } {
  const { words } = terms;
  const reader = { data: terms.data, at: 0 };
  const start = new Uint32Array(terms.entries + 1);
  // every pair takes at least two bytes
  let word: Uint32Array = new Uint32Array(Math.max(16, terms.data.length >> 1));
  let count: Uint32Array = new Uint32Array(word.length);
  let pairs = 0;
  for (let entry = 0; entry < terms.entries; entry++) {
    start[entry] = pairs;
    const distinct = varint(reader);
    if (distinct < 0) return { fault: `entry terms end at entry ${entry} of ${terms.entries}` };
    for (let i = 0; i < distinct; i++) {
      const index = varint(reader);
      const times = varint(reader);
      if (times < 0) return { fault: `entry terms end inside entry ${entry}` };
      if (index >= words.length) return { fault: `entry terms name word ${index} of ${words.length}` };
      if (pairs === word.length) {
        word = grow(word);
        count = grow(count);
      }
      word[pairs] = index;
      count[pairs] = times;
      pairs++;
    }
  }
  start[terms.entries] = pairs;
  if (reader.at !== terms.data.length) return { fault: `entry terms hold more than ${terms.entries} entries` };
  return { entries: terms.entries, words, start, word: word.subarray(0, pairs), count: count.subarray(0, pairs) };
}

/** The next unsigned LEB128 number, or -1 when the data ends inside it. */
function varint(reader: { data: Uint8Array; at: number }): number {
  const { data } = reader;
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    if (reader.at >= data.length) return -1;
    const byte = data[reader.at++];
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return value;
  }
}

function grow(array: Uint32Array): Uint32Array {
  const out = new Uint32Array(array.length * 2);
  out.set(array);
  return out;
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
