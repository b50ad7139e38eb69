import { arrayBytes, objectBytes, type BufferTally } from '../util/heap-bytes.ts';

// Shared by every list until its first push. An adopted image makes one list per word (26k for the
// 100k-entry library) over arrays of its own, and two fresh arrays for each were thrown away, a
// quarter of adopting that library's BM25 (docs/decisions/2026-12-07-storage-and-open-measured.md).
const NO_ROWS = new Int32Array(0);
const NO_COUNTS = new Uint16Array(0);

/**
 * One word's posting list: the rows that hold it and how often, in two growable typed arrays. A
 * removed row's entry stays until the list is compacted (see LexicalIndex), so removing a row
 * costs nothing per word it held.
 */
export class Postings {
  private rowArray: Int32Array = NO_ROWS;
  private countArray: Uint16Array = NO_COUNTS;
  private filled = 0;
  /**
   * Rows pushed onto an adopted list, row then count, not yet in its arrays: records laid over an
   * image at open (cluster groups made since it was saved) add a few rows to thousands of long
   * lists, and copying each list then was most of laying them over. Copied in when the list is first
   * read, which for most of them is the next image's save, after the open
   * (docs/decisions/2026-12-07-reopen-beside-the-image.md).
   */
  private waiting: number[] | undefined;
  /** Live rows: `length` minus the entries of removed rows not yet compacted away. */
  live = 0;

  /** A list over arrays it does not copy (an adopted corpus image's); the first push beyond them copies. */
  static over(rows: Int32Array, counts: Uint16Array, live: number): Postings {
    const list = new Postings();
    list.rowArray = rows;
    list.countArray = counts;
    list.filled = rows.length;
    list.live = live;
    list.adopted = true;
    return list;
  }

  /** Whether the list is still over arrays it did not make (Postings.over): its first push copies them. */
  private adopted = false;

  /** The rows holding the word, the first `length` of them in use. */
  get rows(): Int32Array {
    this.settle();
    return this.rowArray;
  }

  /** How often each row holds the word, beside `rows`. */
  get counts(): Uint16Array {
    this.settle();
    return this.countArray;
  }

  get length(): number {
    return this.filled + (this.waiting ? this.waiting.length >> 1 : 0);
  }

  /** Bytes held, as the engine's memory report counts them, without copying in the waiting rows. */
  heldBytes(tally: BufferTally): number {
    return objectBytes(6) + tally.view(this.rowArray) + tally.view(this.countArray) + (this.waiting ? arrayBytes(this.waiting.length) : 0);
  }

  push(row: number, count: number): void {
    // a word 65,535 times in one entry scores as that many: BM25's term frequency saturates long before
    const capped = Math.min(count, 0xffff);
    this.live++;
    if (this.adopted) {
      (this.waiting ??= []).push(row, capped);
      return;
    }
    if (this.filled === this.rowArray.length) this.grow(Math.max(2, this.filled * 2));
    this.rowArray[this.filled] = row;
    this.countArray[this.filled] = capped;
    this.filled++;
  }

  /** Drops the entries of rows that are no longer alive, keeping the others in order. */
  compact(alive: (row: number) => boolean): void {
    const { rows, counts } = this;
    let kept = 0;
    for (let i = 0; i < this.filled; i++) {
      if (!alive(rows[i])) continue;
      rows[kept] = rows[i];
      counts[kept] = counts[i];
      kept++;
    }
    this.filled = kept;
    this.live = kept;
  }

  /**
   * The rows waiting on an adopted list copied in behind its arrays, which it then owns: grown by
   * a little, not to twice their length, since an adopted list is pushed onto rarely.
   */
  private settle(): void {
    if (!this.adopted || !this.waiting) return;
    const waiting = this.waiting;
    const added = waiting.length >> 1;
    this.adopted = false;
    this.waiting = undefined;
    this.grow(this.filled + Math.max(16, added, this.filled >> 3));
    for (let k = 0; k < added; k++) {
      this.rowArray[this.filled] = waiting[2 * k];
      this.countArray[this.filled] = waiting[2 * k + 1];
      this.filled++;
    }
  }

  private grow(size: number): void {
    const rows = new Int32Array(size);
    rows.set(this.rowArray.subarray(0, this.filled));
    this.rowArray = rows;
    const counts = new Uint16Array(size);
    counts.set(this.countArray.subarray(0, this.filled));
    this.countArray = counts;
  }
}
