/**
 * The search corpus in the form it searches in: the vector rows, BM25's posting lists and which
 * rows each record's entries sit in. Kept in the browser's open image beside the records, it lets
 * a large library open by adopting typed arrays instead of laying every record out again
 * (restoring from the records spent most of an open counting terms into posting lists and
 * quantizing vectors that were stored quantized).
 */
import type { VectorStorage } from '../types.ts';

/** A FlatVectorIndex's rows: int8 codes (one byte a dimension, no padding) and scales, or floats. */
export interface VectorRows {
  storage: VectorStorage;
  dimension: number;
  /** Rows ever added, removed ones included. */
  size: number;
  /** int8: size × dimension codes and one scale a row. */
  codes?: Int8Array;
  scales?: Float32Array;
  /** float32: size × dimension values. */
  floats?: Float32Array;
  /** 1 for a removed row. */
  removed: Uint8Array;
}

/** A LexicalIndex's state: every word's posting list, one after another (CSR), and the rows' lengths. */
export interface LexicalState {
  words: string[];
  /** The analyzer that made the terms (text/search-terms.ts); absent: 1, before Chinese bigrams. */
  analyzer?: number;
  /** Word i's postings are `rows[offsets[i] .. offsets[i + 1]]`, with their counts. */
  offsets: Uint32Array;
  rows: Int32Array;
  counts: Uint16Array;
  /** Live rows of each word's list (a removed row's postings stay until a list is compacted). */
  live: Uint32Array;
  /** Per row: 0 empty, 1 alive, 2 removed. */
  state: Uint8Array;
  lengths: Uint32Array;
  alive: number;
  totalLength: number;
}

export interface CorpusImage {
  vectors: VectorRows;
  lexical: LexicalState;
  /** Each record's rows (a document's id, a group's id), in the order of its entries. */
  owners: { owner: string; rows: Int32Array }[];
}
