import { words } from '../text/words.ts';

/**
 * A record's entries as BM25 reads them: each entry's distinct words and how often each occurs,
 * counted once when the entries are made and stored beside them, so opening an index fills the
 * posting lists without segmenting its text again. Segmentation was half of building the search
 * corpus from a stored index (13,140 entries of a 1 MB text: 283 of 545 ms).
 *
 * `data` holds, entry after entry: the number of distinct words, then for each of them its index
 * into `words` and its count, all as unsigned LEB128 varints. A pair takes 2–4 bytes, where two
 * 32-bit arrays would take 8: what is stored beside every entry must stay small.
 */
export interface EntryTerms {
  /** Entries counted: the record's first `entries` entries, in order. */
  entries: number;
  /** The distinct words of those entries, in the order first met. */
  words: string[];
  data: Uint8Array;
}

export const NO_TERMS: EntryTerms = { entries: 0, words: [], data: new Uint8Array(0) };

/**
 * `terms` extended by `texts`, the entries that follow the ones it counted. The given terms are
 * not changed: a record's stored terms stay valid while its grown copy is being saved.
 */
export function countTerms(texts: readonly string[], terms: EntryTerms = NO_TERMS): EntryTerms {
  if (texts.length === 0) return terms;
  const vocabulary = terms.words.slice();
  const indexOf = new Map<string, number>();
  vocabulary.forEach((word, i) => indexOf.set(word, i));
  const out = new VarintWriter(terms.data, texts.length * 64);
  const counts = new Map<number, number>();
  for (const text of texts) {
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
  return { entries: terms.entries + texts.length, words: vocabulary, data: out.bytes() };
}

/**
 * Calls `visit(entry, wordIndex, count)` for every counted word of entries `from` and later; an
 * entry's pairs come together, after `start(entry, distinct)`. Throws on data that does not hold
 * exactly `terms.entries` entries (a damaged or mismatched record).
 */
export function readTerms(
  terms: EntryTerms,
  from: number,
  start: (entry: number, distinct: number) => void,
  visit: (entry: number, wordIndex: number, count: number) => void,
): void {
  const { data, words: vocabulary } = terms;
  let at = 0;
  const next = (): number => {
    let value = 0;
    let shift = 0;
    for (;;) {
      if (at >= data.length) throw new RangeError('entry terms end inside an entry');
      const byte = data[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
      shift += 7;
    }
  };
  for (let entry = 0; entry < terms.entries; entry++) {
    const distinct = next();
    const wanted = entry >= from;
    if (wanted) start(entry, distinct);
    for (let i = 0; i < distinct; i++) {
      const index = next();
      const count = next();
      if (index >= vocabulary.length) throw new RangeError(`entry terms name word ${index} of ${vocabulary.length}`);
      if (wanted) visit(entry, index, count);
    }
  }
  if (at !== data.length) throw new RangeError(`entry terms hold more than ${terms.entries} entries`);
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
