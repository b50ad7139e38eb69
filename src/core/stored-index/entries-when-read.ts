/**
 * A decoded document record whose `entries` are made when first read, from the table of its
 * stored columns (entry-table.ts). Until then the search corpus reads the table instead (each
 * entry made when its row is hit), the image saver writes the record's stored entries block as it
 * was read, and counts come from the columns: opening a large library made every entry, its id
 * and its text before the index opened, most of them never read
 * (docs/decisions/2026-12-07-entries-made-when-read.md).
 */
import type { Entry } from '../types.ts';
import { EntryTableError, type EntryTable } from './entry-table.ts';
import type { DocumentRecord, GroupRecord } from './snapshot.ts';

/**
 * The table and the entries block it was read from, under a key no spread copies: a copy made by
 * spreading a record reads its entries and is a record like any other, while one made from its
 * property descriptors (vectors-in-corpus.ts) keeps both, entries not yet made.
 */
const TABLE = Symbol('entry table');

interface Stored {
  table: EntryTable;
  /** The record's entries block as stored (entry-columns-binary.ts), written again as it is while the record is unchanged. */
  block?: Uint8Array;
  /** The entries, once read. */
  made?: Entry[];
}

type Owned = DocumentRecord | GroupRecord;
type WithTable = Owned & { [TABLE]?: Stored };

function readEntries(this: WithTable): Entry[] {
  const stored = this[TABLE]!;
  if (!stored.made) {
    const made = stored.table.entries();
    if (!made) throw new EntryTableError('a record\'s entries cannot be made from their table');
    stored.made = made;
  }
  return stored.made;
}

// entries written are no longer what the table holds
function writeEntries(this: WithTable, value: Entry[]): void {
  Object.defineProperty(this, 'entries', { configurable: true, enumerable: true, writable: true, value });
  delete this[TABLE];
}

/**
 * `record` with `entries` made from `table` when first read; `block`, the bytes the table was read
 * from, when they are the binary columns. The accessors are shared by every record (a closure
 * each was memory for every record of a large library).
 */
export function entriesWhenRead<R extends Owned>(record: R, table: EntryTable, block?: Uint8Array): R {
  const stored: Stored = { table, ...(block ? { block } : {}) };
  Object.defineProperty(record, TABLE, { configurable: true, enumerable: false, writable: false, value: stored });
  Object.defineProperty(record, 'entries', { configurable: true, enumerable: true, get: readEntries, set: writeEntries });
  return record;
}

/** The table a record's entries are read from, when they were read so and not replaced since. */
export function entryTableOf(record: Owned): EntryTable | undefined {
  return (record as WithTable)[TABLE]?.table;
}

/** The record's entries block as stored, when it still holds exactly its entries. */
export function storedEntriesBlock(record: Owned): Uint8Array | undefined {
  return (record as WithTable)[TABLE]?.block;
}

/** How many entries the record holds, counted without making them. */
export function entryCountOf(record: Owned): number {
  return entryTableOf(record)?.count ?? record.entries.length;
}

/** Whether the record's entries are still to be made (the engine's memory report counts its table instead). */
export function entriesPending(record: Owned): boolean {
  const stored = (record as WithTable)[TABLE];
  return stored !== undefined && stored.made === undefined;
}
