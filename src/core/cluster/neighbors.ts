import { throwIfAborted } from '../util/abort.ts';

/**
 * Exact k-nearest neighbours under cosine distance, in the shape umap-js's `setPrecomputedKNN`
 * takes: every row starts with the point itself at distance 0, then the others by increasing
 * distance (ties by lower index).
 *
 * Why not umap-js's own NN-descent: on 384-d embeddings it is slower than brute force up to a few
 * thousand points, and several times slower than the blocked tiles below
 * (docs/decisions/2026-12-07-clustering-cost-measured.md), approximate, and its result cannot be shared between the clustering UMAP
 * and the 2-D layout UMAP. Brute force is O(n² D), so it is
 * only used up to EXACT_KNN_LIMIT points; above that `reduce` falls back to NN-descent.
 */

export interface Knn {
  indices: number[][];
  distances: number[][];
}

export const EXACT_KNN_LIMIT = 8000;

/** Tile sizes of the pairwise loop (COLUMNS >= ROWS keeps ties ordered, see below). */
const ROWS = 32;
const COLUMNS = 128;

export function cosineKnn(vectors: ArrayLike<number>[], k: number, signal?: AbortSignal): Knn {
  const n = vectors.length;
  if (k < 1 || k > n) throw new RangeError(`cosineKnn: k=${k} out of range for ${n} points`);
  const dim = n > 0 ? vectors[0].length : 0;
  const unit = normalizedRows(vectors, dim);

  // Per row, the best k so far as parallel sorted arrays (ascending distance). k is small
  // (sqrt(n)), and after the first rows most candidates fail the "worse than the k-th" test at once.
  const bestIdx = new Int32Array(n * k).fill(-1);
  const bestDist = new Float64Array(n * k).fill(Infinity);
  const filled = new Int32Array(n);

  const offer = (row: number, idx: number, dist: number): void => {
    const base = row * k;
    const count = filled[row];
    if (count === k && !(dist < bestDist[base + k - 1])) return;
    let pos = count === k ? k - 1 : count;
    while (pos > 0 && bestDist[base + pos - 1] > dist) {
      bestDist[base + pos] = bestDist[base + pos - 1];
      bestIdx[base + pos] = bestIdx[base + pos - 1];
      pos--;
    }
    bestDist[base + pos] = dist;
    bestIdx[base + pos] = idx;
    if (count < k) filled[row] = count + 1;
  };

  for (let i = 0; i < n; i++) offer(i, i, 0);
  // Pairs (i, j) with j > i, each computed once and offered to both rows, in tiles of
  // ROWS × COLUMNS so the rows being compared stay in cache. Every row still receives its
  // candidates in increasing index order (a row's smaller partners all come in the first column
  // tile of its own row tile), and a tie goes after the equal distances already held: ties end up
  // ordered by index.
  const tile = new Float64Array(ROWS * COLUMNS);
  for (let start = 0; start < n; start += ROWS) {
    throwIfAborted(signal, 'nearest-neighbour search');
    const end = Math.min(n, start + ROWS);
    for (let from = start; from < n; from += COLUMNS) {
      const to = Math.min(n, from + COLUMNS);
      dotTile(unit, dim, start, end, from, to, tile);
      for (let i = start; i < end; i++) {
        const row = (i - start) * COLUMNS - from;
        for (let j = Math.max(i + 1, from); j < to; j++) {
          const dist = 1 - tile[row + j];
          const clamped = dist > 0 ? dist : 0;
          offer(i, j, clamped);
          offer(j, i, clamped);
        }
      }
    }
  }

  const indices: number[][] = new Array(n);
  const distances: number[][] = new Array(n);
  for (let i = 0; i < n; i++) {
    indices[i] = Array.from(bestIdx.subarray(i * k, i * k + k));
    distances[i] = Array.from(bestDist.subarray(i * k, i * k + k));
  }
  return { indices, distances };
}

/** Rows scaled to unit length; a zero row stays zero (distance 1 to everything, never NaN). */
function normalizedRows(vectors: ArrayLike<number>[], dim: number): Float64Array {
  const out = new Float64Array(vectors.length * dim);
  for (let i = 0; i < vectors.length; i++) {
    const v = vectors[i];
    if (v.length !== dim) throw new RangeError(`cosineKnn: vector ${i} has ${v.length} dimensions, expected ${dim}`);
    let norm = 0;
    for (let t = 0; t < dim; t++) norm += v[t] * v[t];
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let t = 0; t < dim; t++) out[i * dim + t] = v[t] * scale;
  }
  return out;
}

/**
 * tile[(i − start)·COLUMNS + (j − from)] = row i · row j for i in [start, end), j in [from, to),
 * two rows against four columns at a time: each value loaded serves 2–4 products instead of one.
 * 2 × 4 blocks take a fraction of the time of one dot product at a time (8 accumulators and 6
 * operands fit in x64's 16 float registers; docs/decisions/2026-12-07-clustering-cost-measured.md).
 */
function dotTile(m: Float64Array, dim: number, start: number, end: number, from: number, to: number, tile: Float64Array): void {
  let i = start;
  for (; i + 1 < end; i += 2) {
    const a0 = i * dim;
    const a1 = a0 + dim;
    const r0 = (i - start) * COLUMNS - from;
    const r1 = r0 + COLUMNS;
    let j = from;
    for (; j + 3 < to; j += 4) {
      const b0 = j * dim;
      const b1 = b0 + dim;
      const b2 = b1 + dim;
      const b3 = b2 + dim;
      let s00 = 0, s01 = 0, s02 = 0, s03 = 0, s10 = 0, s11 = 0, s12 = 0, s13 = 0;
      for (let t = 0; t < dim; t++) {
        const x = m[a0 + t];
        const y = m[a1 + t];
        const p = m[b0 + t];
        const q = m[b1 + t];
        const r = m[b2 + t];
        const s = m[b3 + t];
        s00 += x * p;
        s01 += x * q;
        s02 += x * r;
        s03 += x * s;
        s10 += y * p;
        s11 += y * q;
        s12 += y * r;
        s13 += y * s;
      }
      tile[r0 + j] = s00;
      tile[r0 + j + 1] = s01;
      tile[r0 + j + 2] = s02;
      tile[r0 + j + 3] = s03;
      tile[r1 + j] = s10;
      tile[r1 + j + 1] = s11;
      tile[r1 + j + 2] = s12;
      tile[r1 + j + 3] = s13;
    }
    for (; j < to; j++) {
      tile[r0 + j] = dot(m, a0, j * dim, dim);
      tile[r1 + j] = dot(m, a1, j * dim, dim);
    }
  }
  for (; i < end; i++) {
    const r0 = (i - start) * COLUMNS - from;
    for (let j = from; j < to; j++) tile[r0 + j] = dot(m, i * dim, j * dim, dim);
  }
}

function dot(m: Float64Array, a: number, b: number, dim: number): number {
  let s = 0;
  for (let t = 0; t < dim; t++) s += m[a + t] * m[b + t];
  return s;
}
