/**
 * An index snapshot whose vectors are kept once, in its search corpus. The app's open image holds
 * the records and, beside them, the corpus as it searches (corpus-image.ts); both held every
 * entry's vector, the records as int8 rows (4 + d bytes) and the corpus as its codes and scales
 * (the same 4 + d bytes), so a 384-d library spent 776 bytes an entry on two copies of one vector.
 * A record whose rows in the corpus hold exactly its vectors is written without them (and without
 * its counted terms, which the corpus holds as posting lists), and is given them back from those
 * rows when read: lazily, because a library that opens by adopting its corpus searches the
 * corpus's rows and seldom asks a record for its vectors (clustering it again, writing it back to
 * IndexedDB, exporting it). Until asked, a record costs the int8 rows it shares with the others
 * instead of 4·d bytes an entry of floats, four times the codes, and opening does not make them
 * (docs/decisions/2026-11-26-image-vectors-once.md).
 */
import type { CorpusImage, VectorRows } from '../search/corpus-image.ts';
import type { DocumentRecord, GroupRecord, IndexSnapshot } from './snapshot.ts';
import { entryCountOf } from './entries-when-read.ts';

const NONE = new Float32Array(0);

type Owned = DocumentRecord | GroupRecord;

/**
 * The record without vectors, by the record it stands for: the same object every time, so the
 * encoder's block cache (binary-format.ts) still finds the blocks of records that did not change.
 */
const lean = new WeakMap<Owned, Owned>();

/** Records whose vectors are still their rows of the corpus they were read with, not yet made: those rows. */
const fromRows = new WeakMap<Owned, VectorRows>();

/**
 * The corpus rows a record's vectors will be made from when first read, or undefined once they
 * are made (or were never left out): the engine's memory report counts the buffer they keep.
 */
export function pendingRowsOf(record: Owned): VectorRows | undefined {
  return fromRows.get(record);
}

/** The copy without vectors that an image holds of the record (withoutCorpusVectors), if one was made. */
export function leanCopyOf<R extends Owned>(record: R): R | undefined {
  return lean.get(record) as R | undefined;
}

/** The snapshot with the vectors left out of every record whose corpus rows hold them; `corpus` is the snapshot's. */
export function withoutCorpusVectors(snapshot: IndexSnapshot, corpus: CorpusImage): IndexSnapshot {
  const owned = new Map(corpus.owners.map((o) => [o.owner, o.rows]));
  const leave = <R extends Owned>(record: R, owner: string): R => {
    const rows = owned.get(owner);
    const count = entryCountOf(record);
    if (count === 0 || rows?.length !== count) return record;
    const known = lean.get(record);
    if (known) return known as R;
    // a record read from rows and not changed since is in its rows still (the corpus keeps an
    // unchanged record's rows); any other is compared value by value
    if (!fromRows.has(record) && !rowsHold(corpus.vectors, rows, record.vectors)) return record;
    const made = leanCopy(record);
    lean.set(record, made);
    return made;
  };
  return {
    ...snapshot,
    documents: snapshot.documents.map((d) => leave(d, d.doc.id)),
    groups: snapshot.groups.map((g) => leave(g, g.group.id)),
  };
}

/**
 * Gives every record of a snapshot just decoded its vectors back, those left out from their rows
 * in `corpus` when first read, in place (copying a decoded record would read what it reads only
 * when asked: these vectors, and its counted terms, binary-format.ts). False when a record holds
 * entries but neither vectors nor rows for them.
 */
export function fillCorpusVectors(snapshot: IndexSnapshot, corpus: CorpusImage): boolean {
  const owned = new Map(corpus.owners.map((o) => [o.owner, o.rows]));
  const { dimension } = snapshot.manifest.embedder;
  if (corpus.vectors.dimension !== dimension) return false;
  const fill = (record: Owned, owner: string): boolean => {
    const count = entryCountOf(record);
    if (record.vectors.length === count * dimension) return true;
    const rows = owned.get(owner);
    if (record.vectors.length > 0 || rows?.length !== count) return false;
    vectorsWhenRead(record, corpus.vectors, rows);
    return true;
  };
  return snapshot.documents.every((d) => fill(d, d.doc.id)) && snapshot.groups.every((g) => fill(g, g.group.id));
}

/** The vectors the given rows search with, one after another (int8 rows dequantized, as the index scores them). */
export function rowVectors(vectors: VectorRows, rows: ArrayLike<number>): Float32Array {
  const d = vectors.dimension;
  const out = new Float32Array(rows.length * d);
  for (let i = 0; i < rows.length; i++) writeRow(vectors, rows[i], out, i * d);
  return out;
}

/** Row `row`'s values into `out` from `at`; a row of neither kind leaves zeros. */
function writeRow({ dimension: d, floats, codes, scales }: VectorRows, row: number, out: Float32Array, at: number): void {
  if (floats) out.set(floats.subarray(row * d, (row + 1) * d), at);
  else if (codes && scales) {
    const scale = scales[row];
    const from = row * d;
    for (let j = 0; j < d; j++) out[at + j] = codes[from + j] * scale;
  } else out.fill(0, at, at + d);
}

/** `record.vectors` made from `rows` when first read (or replaced when first written). */
function vectorsWhenRead(record: Owned, vectors: VectorRows, rows: Int32Array): void {
  const settle = (value: Float32Array, written = false) => {
    fromRows.delete(record);
    if (written) lean.delete(record);
    Object.defineProperty(record, 'vectors', { configurable: true, enumerable: true, writable: true, value });
    return value;
  };
  Object.defineProperty(record, 'vectors', {
    configurable: true,
    enumerable: true,
    get: () => settle(rowVectors(vectors, rows)),
    set: (value: Float32Array) => settle(value, true),
  });
  fromRows.set(record, vectors);
}

/**
 * A copy of the record without its vectors and counted terms, made from its property descriptors:
 * a spread would read every property, and so make vectors read from rows and terms read from their
 * block. The terms go too because the corpus holds them as well, as BM25's posting lists, and an
 * image's records are laid out again only when its corpus cannot be adopted (then they are
 * segmented again); a record changed after opening counts its terms when it is stored.
 */
function leanCopy<R extends Owned>(record: R): R {
  const descriptors = Object.getOwnPropertyDescriptors(record);
  descriptors.vectors = { configurable: true, enumerable: true, writable: true, value: NONE };
  descriptors.terms = { configurable: true, enumerable: true, writable: true, value: undefined };
  return Object.defineProperties({}, descriptors) as R;
}

/**
 * Whether `values` are exactly what rowVectors would make of `rows`, compared a row at a time: made
 * first, every record's vectors were a second copy of the corpus in floats, and with comparing
 * them most of the first image save of a library opened from its records
 * (docs/decisions/2026-12-07-storage-and-open-measured.md).
 */
function rowsHold(vectors: VectorRows, rows: ArrayLike<number>, values: Float32Array): boolean {
  const d = vectors.dimension;
  if (values.length !== rows.length * d) return false;
  // one row at a time, made as rowVectors makes it, so the two cannot disagree
  const row = new Float32Array(d);
  for (let i = 0; i < rows.length; i++) {
    writeRow(vectors, rows[i], row, 0);
    for (let j = 0; j < d; j++) if (row[j] !== values[i * d + j]) return false;
  }
  return true;
}
