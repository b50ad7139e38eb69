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
  rows: Int32Array = NO_ROWS;
  counts: Uint16Array = NO_COUNTS;
  length = 0;
  /** Live rows: `length` minus the entries of removed rows not yet compacted away. */
  live = 0;

  /** A list over arrays it does not copy (an adopted corpus image's); the first push beyond them copies. */
  static over(rows: Int32Array, counts: Uint16Array, live: number): Postings {
    const list = new Postings();
    list.rows = rows;
    list.counts = counts;
    list.length = rows.length;
    list.live = live;
    list.adopted = true;
    return list;
  }

  /** Whether the list is still over arrays it did not make (Postings.over): its first push copies them. */
  private adopted = false;

  push(row: number, count: number): void {
    if (this.length === this.rows.length) {
      // an adopted list grows by a little on its first copy, not twice its length: records laid over
      // an image at open (cluster groups made since it was saved) add a few rows to thousands of
      // long lists, and doubling each was fresh memory twice the size of the image's postings
      const rows = new Int32Array(this.adopted ? this.length + Math.max(16, this.length >> 3) : Math.max(2, this.length * 2));
      this.adopted = false;
      rows.set(this.rows);
      this.rows = rows;
      const counts = new Uint16Array(rows.length);
      counts.set(this.counts);
      this.counts = counts;
    }
    this.rows[this.length] = row;
    // a word 65,535 times in one entry scores as that many: BM25's term frequency saturates long before
    this.counts[this.length] = Math.min(count, 0xffff);
    this.length++;
    this.live++;
  }

  /** Drops the entries of rows that are no longer alive, keeping the others in order. */
  compact(alive: (row: number) => boolean): void {
    let kept = 0;
    for (let i = 0; i < this.length; i++) {
      if (!alive(this.rows[i])) continue;
      this.rows[kept] = this.rows[i];
      this.counts[kept] = this.counts[i];
      kept++;
    }
    this.length = kept;
    this.live = kept;
  }
}
