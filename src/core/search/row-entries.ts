/**
 * The search corpus's rows: each row's entry, or, for a row adopted from an open image, the table
 * of its record's entries and its place there (stored-index/entry-table.ts). An adopted row gives
 * its kind, producer and origin from the table, and is made an Entry (its id and text) only when
 * first read whole: when a search hits it or a passage is shown. Making every entry before the
 * index opened was most of a large library's open after its image was read
 * (docs/decisions/2026-12-07-entries-made-when-read.md).
 */
import type { Entry, EntryKind, EntryOrigin } from '../types.ts';
import type { BufferTally } from '../util/heap-bytes.ts';
import { arrayBytes } from '../util/heap-bytes.ts';

/** A record's entries read one at a time, each made only when asked for. */
export interface EntriesByIndex {
  readonly count: number;
  kind(i: number): EntryKind;
  producer(i: number): Entry['producer'];
  origin(i: number): EntryOrigin;
  entry(i: number): Entry;
}

export class RowEntries {
  /** Entries made, by row. */
  private readonly made: (Entry | undefined)[] = [];
  /** Origins read, by row: searches read them for every hit, and a made entry's is kept here too. */
  private readonly origins: (EntryOrigin | undefined)[] = [];
  /** For a row whose entry is still to be made: its record's table, and its place in it (`at`). */
  private readonly tables: (EntriesByIndex | undefined)[] = [];
  private at = new Int32Array(0);

  /** One past the last row ever set. */
  get size(): number {
    return Math.max(this.made.length, this.tables.length);
  }

  set(row: number, entry: Entry): void {
    this.made[row] = entry;
    this.origins[row] = entry.origin;
    if (this.tables[row]) this.tables[row] = undefined;
  }

  /** Row `row` holds entry `i` of `table`, made when first read. */
  setLater(row: number, table: EntriesByIndex, i: number): void {
    this.reserve(row + 1);
    this.made[row] = undefined;
    this.origins[row] = undefined;
    this.tables[row] = table;
    this.at[row] = i;
  }

  /**
   * Row `rows[i]` holds entry `i` of `table`, for every `i`: an image's rows laid out a record at
   * a time, on rows reserved and never set (an adopting corpus is empty).
   */
  setAllLater(rows: Int32Array, table: EntriesByIndex): void {
    const { tables, at } = this;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      if (row >= at.length || row >= tables.length) {
        this.setLater(row, table, i);
        continue;
      }
      tables[row] = table;
      at[row] = i;
    }
  }

  /**
   * Room for rows below `size`: the arrays filled in order, so that rows set in any order later
   * keep them dense (an array written far past its end is kept as a slow dictionary).
   */
  reserve(size: number): void {
    if (size > this.at.length) {
      const grown = new Int32Array(Math.max(size, 2 * this.at.length));
      grown.set(this.at);
      this.at = grown;
    }
    const { made, origins, tables } = this;
    while (made.length < size) made.push(undefined);
    while (origins.length < size) origins.push(undefined);
    while (tables.length < size) tables.push(undefined);
  }

  clear(row: number): void {
    this.made[row] = undefined;
    this.origins[row] = undefined;
    if (this.tables[row]) this.tables[row] = undefined;
  }

  /** The row's entry, made now (and kept) when it was still to be made. */
  get(row: number): Entry | undefined {
    const made = this.made[row];
    if (made) return made;
    const table = this.tables[row];
    if (!table) return undefined;
    const entry = table.entry(this.at[row]);
    this.set(row, entry);
    return entry;
  }

  kind(row: number): EntryKind | undefined {
    const made = this.made[row];
    if (made) return made.kind;
    return this.tables[row]?.kind(this.at[row]);
  }

  origin(row: number): EntryOrigin | undefined {
    const known = this.origins[row];
    if (known) return known;
    const table = this.tables[row];
    return table && (this.origins[row] = table.origin(this.at[row]));
  }

  /** The row arrays' own bytes; the entries and tables are the records'. */
  memoryBytes(tally: BufferTally): number {
    return arrayBytes(this.made.length) + arrayBytes(this.origins.length) + arrayBytes(this.tables.length) + tally.view(this.at);
  }
}
