import { throwIfAborted } from '../util/abort.ts';
import { chooseK } from './bic.ts';
import { softMemberships } from './membership.ts';
import { cosineKnn, EXACT_KNN_LIMIT } from './neighbors.ts';
import { reduce } from './reduce.ts';

/**
 * The clustering recipe shared by cluster chunks and RAPTOR levels (paper §2.1, RAPTOR's
 * parameters): UMAP to min(10, n−2) dimensions with floor(√(n−1)) cosine neighbours, k by the
 * lowest BIC over 1..min(maxClusters, n−1), a GMM, and soft membership above `threshold`.
 */

export interface VectorClusterOptions {
  seed: number;
  threshold: number;
  maxClusters: number;
  /** Also compute a 2-D UMAP layout of the same vectors. */
  layout?: boolean;
  /** UMAP epochs (`defaultEpochs(n)` when absent). */
  nEpochs?: number;
  /**
   * See `ChooseKOptions.patience`. Absent: FAST_BIC_PATIENCE. Infinity: the exhaustive search
   * over 1..maxClusters.
   */
  bicPatience?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** A cluster as positions in the input: `members` ascending, `p` their posteriors. */
export interface VectorCluster {
  members: number[];
  p: number[];
}

export interface VectorClusters {
  /** Components chosen by BIC. */
  k: number;
  /** BIC for k = 1..kMax. */
  bic: number[];
  clusters: VectorCluster[];
  /** Flat [x0, y0, x1, y1, …] in input order, when a layout was asked for. */
  layout?: number[];
}

/**
 * The BIC search stops after this many k without improvement, by default. On UMAP output the curve
 * rises steadily past its minimum, so 10 loses nothing in practice and saves most of the search:
 * measured against the exhaustive search on the same reduced points, on HotpotQA's chunks and on
 * chunks around a few topics, it chose the same k every time in a fraction of the time
 * (docs/decisions/2026-12-07-clustering-cost-measured.md). Infinity restores the paper's
 * exhaustive search.
 */
export const FAST_BIC_PATIENCE = 10;

/** Fewest points the recipe can run on: UMAP needs more points than its 2 neighbours. */
export const MIN_POINTS = 3;

export function clusterVectors(vectors: ArrayLike<number>[], options: VectorClusterOptions): VectorClusters {
  const n = vectors.length;
  if (n < MIN_POINTS) throw new RangeError(`clusterVectors: needs at least ${MIN_POINTS} vectors, got ${n}`);
  const { seed, signal } = options;
  // RAPTOR's floor(√(n−1)), but at least 2: a single neighbour is the point itself.
  const nNeighbors = Math.max(2, Math.floor(Math.sqrt(n - 1)));
  const nComponents = Math.min(10, n - 2);
  const maxK = Math.max(1, Math.min(options.maxClusters, n - 1));
  const phases = options.layout ? 2 : 1;

  // Progress over every unit of work: the UMAP epochs of each reduction, then one per k fitted.
  let epochs = 0;
  const report = (done: number): void => options.onProgress?.(done, epochs * phases + maxK);

  throwIfAborted(signal, 'clustering');
  const knn = n <= EXACT_KNN_LIMIT ? cosineKnn(vectors, nNeighbors, signal) : undefined;
  const reduced = reduce(vectors, {
    nComponents,
    nNeighbors,
    seed,
    nEpochs: options.nEpochs,
    knn,
    signal,
    onProgress: (done, total) => {
      epochs = total;
      report(done);
    },
  });

  const search = chooseK(reduced, maxK, seed, {
    patience: options.bicPatience ?? FAST_BIC_PATIENCE,
    signal,
    onProgress: (done) => report(epochs + done),
  });
  const posteriors = search.model.posteriors;
  const clusters = retrievalClusters(softMemberships(posteriors, options.threshold)).map(({ component, members }) => ({
    members,
    p: members.map((i) => posteriors[i][component]),
  }));

  const result: VectorClusters = { k: search.k, bic: search.bic, clusters };
  if (options.layout) {
    const xy = reduce(vectors, {
      nComponents: 2,
      nNeighbors,
      seed,
      nEpochs: options.nEpochs,
      knn,
      signal,
      onProgress: (done) => report(epochs + maxK + done),
    });
    result.layout = xy.flatMap((row) => [row[0], row[1]]);
  }
  return result;
}

/**
 * The components worth keeping as retrieval targets, ordered by their first member so that
 * cluster #0 is the one that starts earliest in the document (the GMM's component order is an
 * accident of initialization). Dropped: a component with fewer than two members (it would be the
 * same retrieval target as its only chunk) and one whose member set repeats an earlier component's
 * (the same target twice).
 */
function retrievalClusters(memberships: number[][]): { component: number; members: number[] }[] {
  const seen = new Set<string>();
  const kept: { component: number; members: number[] }[] = [];
  memberships.forEach((members, component) => {
    if (members.length < 2) return;
    const key = members.join(',');
    if (seen.has(key)) return;
    seen.add(key);
    kept.push({ component, members });
  });
  return kept.sort((a, b) => compareLists(a.members, b.members) || a.component - b.component);
}

export function compareLists(a: number[], b: number[]): number {
  const m = Math.min(a.length, b.length);
  for (let i = 0; i < m; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
