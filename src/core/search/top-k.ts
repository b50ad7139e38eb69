/** A search result: a row of an index and its score (higher is better). */
export interface Hit {
  row: number;
  score: number;
}

/**
 * The k best (row, score) pairs of a stream, without sorting the stream: a bounded min-heap whose
 * root is the worst hit kept, so each push costs O(1) when it loses and O(log k) when it wins.
 * Ties go to the lower row, which keeps every search deterministic.
 */
export class TopK {
  readonly k: number;
  private readonly rows: Int32Array;
  private readonly scores: Float64Array;
  private count = 0;

  constructor(k: number) {
    if (!Number.isInteger(k) || k < 0) throw new RangeError(`TopK: k must be a non-negative integer, got ${k}`);
    this.k = k;
    this.rows = new Int32Array(k);
    this.scores = new Float64Array(k);
  }

  get size(): number {
    return this.count;
  }

  /** Lowest score kept once k hits are held; -Infinity before, so a scan can skip losers early. */
  get threshold(): number {
    return this.count < this.k ? -Infinity : this.scores[0];
  }

  push(row: number, score: number): void {
    // NaN would poison every comparison in the heap; such a hit can never be among the best.
    if (Number.isNaN(score) || this.k === 0) return;
    if (this.count < this.k) {
      this.siftUp(this.count++, row, score);
    } else if (worse(this.scores[0], this.rows[0], score, row)) {
      this.siftDown(row, score);
    }
  }

  /** The kept hits, best first (ties by lower row). Does not consume the heap. */
  result(): Hit[] {
    const out: Hit[] = new Array(this.count);
    for (let i = 0; i < this.count; i++) out[i] = { row: this.rows[i], score: this.scores[i] };
    return out.sort((a, b) => b.score - a.score || a.row - b.row);
  }

  private siftUp(index: number, row: number, score: number): void {
    const { rows, scores } = this;
    let i = index;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!worse(score, row, scores[parent], rows[parent])) break;
      rows[i] = rows[parent];
      scores[i] = scores[parent];
      i = parent;
    }
    rows[i] = row;
    scores[i] = score;
  }

  /** Replaces the root (the worst kept hit) and restores the heap. */
  private siftDown(row: number, score: number): void {
    const { rows, scores, count } = this;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= count) break;
      const right = left + 1;
      let child = left;
      if (right < count && worse(scores[right], rows[right], scores[left], rows[left])) child = right;
      if (!worse(scores[child], rows[child], score, row)) break;
      rows[i] = rows[child];
      scores[i] = scores[child];
      i = child;
    }
    rows[i] = row;
    scores[i] = score;
  }
}

/** Whether hit a ranks below hit b: lower score, or the same score and a higher row. */
function worse(scoreA: number, rowA: number, scoreB: number, rowB: number): boolean {
  return scoreA < scoreB || (scoreA === scoreB && rowA > rowB);
}
