import { cosine } from '../util/cosine.ts';
import { UMAP } from 'umap-js';
import { throwIfAborted } from '../util/abort.ts';
import { seededRandom } from '../util/random.ts';
import { cosineKnn, EXACT_KNN_LIMIT, type Knn } from './neighbors.ts';

/**
 * Dimensionality reduction with UMAP (paper §2.1): GMMs fit badly in 384 dimensions, and BIC's
 * parameter count explodes there, so the chunk vectors are first mapped to a few dimensions.
 */

export interface ReduceOptions {
  nComponents: number;
  nNeighbors: number;
  seed: number;
  /** UMAP optimization epochs; umap-js's default (500 up to 2,500 points, fewer above) when absent. */
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

  const umap = new UMAP({
    nComponents,
    nNeighbors,
    random: seededRandom(seed),
    distanceFn: cosineDistance,
    ...(options.nEpochs !== undefined ? { nEpochs: options.nEpochs } : {}),
  });
  if (options.knn && (options.knn.indices.length !== n || options.knn.indices[0].length !== nNeighbors)) {
    throw new RangeError(`reduce: precomputed neighbours must be ${n} rows of ${nNeighbors}`);
  }
  const knn = options.knn ?? (n <= EXACT_KNN_LIMIT ? cosineKnn(vectors, nNeighbors, signal) : undefined);
  if (knn) umap.setPrecomputedKNN(knn.indices, knn.distances);

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
