import { cosine } from '../util/cosine.ts';
import { UMAP } from 'umap-js';
import { throwIfAborted } from '../util/abort.ts';
import { seededRandom } from '../util/random.ts';
import { fuzzyGraph } from './fuzzy-graph.ts';
import { cosineKnn, EXACT_KNN_LIMIT, type Knn } from './neighbors.ts';
import { layoutGraph } from './umap-layout.ts';

/**
 * Dimensionality reduction with UMAP (paper §2.1): GMMs fit badly in 384 dimensions, and BIC's
 * parameter count explodes there, so the chunk vectors are first mapped to a few dimensions.
 *
 * Up to EXACT_KNN_LIMIT points UMAP runs here, on the exact neighbours: the fuzzy graph
 * (fuzzy-graph.ts, the same weights as umap-js) and the SGD layout (umap-layout.ts, umap-js's
 * updates), in a fraction of umap-js's time for its graph and half of it an epoch
 * (docs/decisions/2026-12-07-clustering-cost-measured.md). Above the limit, umap-js with its
 * approximate neighbour search.
 */

export interface ReduceOptions {
  nComponents: number;
  nNeighbors: number;
  seed: number;
  /** UMAP optimization epochs; `defaultEpochs(n)` when absent (umap-js's own default above EXACT_KNN_LIMIT). */
  nEpochs?: number;
  /** Called after the neighbour graph is built (done = 0) and after every epoch. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /**
   * Precomputed neighbours (from `cosineKnn` with the same `nNeighbors`), so that two reductions of
   * the same vectors (clustering and the 2-D layout) search neighbours once.
   */
  knn?: Knn;
}

export function reduce(vectors: ArrayLike<number>[], options: ReduceOptions): number[][] {
  const n = vectors.length;
  const { nComponents, nNeighbors, seed, signal } = options;
  if (nNeighbors < 2 || nNeighbors >= n) {
    // umap-js needs more points than neighbours, and one "neighbour" is only the point itself.
    throw new RangeError(`reduce: nNeighbors=${nNeighbors} needs 2 <= nNeighbors < ${n} (the number of points)`);
  }
  if (nComponents < 1) throw new RangeError(`reduce: nComponents=${nComponents} must be at least 1`);
  throwIfAborted(signal, 'dimensionality reduction');

  if (options.knn && (options.knn.indices.length !== n || options.knn.indices[0].length !== nNeighbors)) {
    throw new RangeError(`reduce: precomputed neighbours must be ${n} rows of ${nNeighbors}`);
  }
  const knn = options.knn ?? (n <= EXACT_KNN_LIMIT ? cosineKnn(vectors, nNeighbors, signal) : undefined);
  if (!knn) return reduceWithUmapJs(vectors, options);

  const random = seededRandom(seed);
  const nEpochs = options.nEpochs ?? defaultEpochs(n);
  const flat = layoutGraph(fuzzyGraph(knn), { nComponents, nEpochs, random, signal, onProgress: options.onProgress });
  const rows: number[][] = [];
  for (let i = 0; i < n; i++) rows.push(Array.from(flat.subarray(i * nComponents, (i + 1) * nComponents)));
  return rows;
}

/** Point-epochs (points × epochs) one reduction may spend, and the fewest and most epochs. */
export const EPOCH_BUDGET = 150_000;
export const MIN_EPOCHS = 100;
export const MAX_EPOCHS = 500;

/**
 * Epochs for n points: as many as EPOCH_BUDGET point-epochs allow, between MIN_EPOCHS and
 * MAX_EPOCHS (umap-js's own default below 2,500 points). An epoch costs about 60 SGD samples a
 * point (memberships summing to ≈ 10 a point with √n neighbours, five negatives each), so time
 * grows with n × epochs: the budget keeps 500 epochs up to 300 points, 150 at 1,000, and a
 * bounded time of optimization until the floor takes over at 1,500 points.
 * The floor (HotpotQA dev, 1,563 real chunks, seeds 42–44, BIC with patience 10): umap-js at 500
 * epochs chose k = 20/23/24, and its seeds agree with each other at an adjusted Rand index of
 * 0.65–0.77; this implementation chose 21/19/20 at 500 epochs, 27/25/30 at 200, 24/26/23 at 150,
 * 27/24/21 at 100 and 27/33/26 at 70, agreeing with umap-js's three at 0.66–0.73 from 100 epochs up
 * but 0.61 at 70, where the embedding starts to fragment.
 */
export function defaultEpochs(n: number): number {
  return Math.max(MIN_EPOCHS, Math.min(MAX_EPOCHS, Math.round(EPOCH_BUDGET / n)));
}

/** Above EXACT_KNN_LIMIT points: umap-js with its own approximate neighbour search (NN-descent). */
function reduceWithUmapJs(vectors: ArrayLike<number>[], options: ReduceOptions): number[][] {
  const { nComponents, nNeighbors, seed, signal } = options;
  const umap = new UMAP({
    nComponents,
    nNeighbors,
    random: seededRandom(seed),
    distanceFn: cosineDistance,
    ...(options.nEpochs !== undefined ? { nEpochs: options.nEpochs } : {}),
  });
  const rows: number[][] = vectors.map((v) => Array.from(v));
  const epochs = umap.initializeFit(rows);
  options.onProgress?.(0, epochs);
  for (let done = 0; done < epochs; ) {
    throwIfAborted(signal, 'dimensionality reduction');
    done = umap.step();
    options.onProgress?.(done, epochs);
  }
  return umap.getEmbedding().map((row) => row.slice());
}

/** Only used by umap-js's own neighbour search (above EXACT_KNN_LIMIT points). */
function cosineDistance(a: number[], b: number[]): number {
  return Math.max(0, 1 - cosine(a, b));
}
