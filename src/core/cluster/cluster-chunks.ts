import { clusterId } from '../ids.ts';
import type { Chunk, ClusterGroup } from '../types.ts';
import { clusterVectors, compareLists, MIN_POINTS, type VectorCluster } from './cluster-vectors.ts';
import { MAX_CLUSTERED_TOGETHER, runsOf } from './runs.ts';

/** Cluster reorganization (paper §2.1): the cluster chunks of one group of original chunks. */

export interface ClusterOptions {
  groupId: string;
  seed: number;
  /** Posterior above which a chunk belongs to a cluster (0.1 in the paper and RAPTOR). */
  threshold: number;
  /** Largest k tried by the BIC search (50 in the paper's code). */
  maxClusters: number;
  /** Groups with fewer chunks are not clustered (at least 3 is needed in any case). */
  minChunks: number;
  /** Also compute the 2-D layout for the cluster map. */
  layout?: boolean;
  /** UMAP epochs; `defaultEpochs(n)` (500 for small groups, down to 100 from 1,500 chunks) when absent. */
  nEpochs?: number;
  /** BIC search patience (see `clusterVectors`); Infinity fits every k up to maxClusters. */
  bicPatience?: number;
  /**
   * Clusters with more members than this are clustered again among themselves (RAPTOR's global
   * then local clustering), up to two levels down. Absent: the paper's single level. A pooled
   * corpus of thousands of chunks needs it: 50 global clusters there hold 60–160 chunks each, and
   * backtracking one hit would pull them all in.
   */
  maxClusterSize?: number;
  /** Largest group clustered as one set; MAX_CLUSTERED_TOGETHER when absent. */
  maxTogether?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}


/**
 * `chunks` in document order, `vectors[i]` the embedding of `chunks[i]`. Cluster ids are
 * `${groupId}#${index}`, clusters ordered by their first member, members in the given order.
 * Clusters of a single chunk (or repeating another cluster's members) are left out; see
 * `clusterVectors`. A group smaller than `minChunks` yields `{ k: 0, bic: [], clusters: [] }`
 * (and no layout).
 */
export function clusterChunks(
  chunks: readonly Pick<Chunk, 'id'>[],
  vectors: Float32Array[],
  options: ClusterOptions,
): Pick<ClusterGroup, 'k' | 'bic' | 'clusters' | 'layout'> {
  if (vectors.length !== chunks.length) {
    throw new RangeError(`clusterChunks: ${chunks.length} chunks but ${vectors.length} vectors`);
  }
  const n = chunks.length;
  if (n < Math.max(options.minChunks, MIN_POINTS)) return { k: 0, bic: [], clusters: [] };

  if (n > (options.maxTogether ?? MAX_CLUSTERED_TOGETHER)) return clusterRuns(chunks, vectors, options);
  const result = clusterVectors(vectors, options);
  const refined = options.maxClusterSize ? refine(result.clusters, vectors, options, options.maxClusterSize, 2) : result.clusters;
  const out: Pick<ClusterGroup, 'k' | 'bic' | 'clusters' | 'layout'> = { k: result.k, bic: result.bic, clusters: named(refined, chunks, options.groupId) };
  if (result.layout) out.layout = { chunkIds: chunks.map((c) => c.id), xy: result.layout };
  return out;
}

/**
 * A group past the limit (MAX_CLUSTERED_TOGETHER), clustered in equal consecutive runs. k is the
 * sum of the runs' k, and there is no single BIC curve (each run has its own). The runs' maps do
 * not share coordinates, so the layout sets them side by side, each scaled into a unit square, on a
 * grid read like text (left to right, then down), in document order: no cluster crosses squares.
 */
function clusterRuns(chunks: readonly Pick<Chunk, 'id'>[], vectors: Float32Array[], options: ClusterOptions): Pick<ClusterGroup, 'k' | 'bic' | 'clusters' | 'layout'> {
  const runs = runsOf(chunks.length, options.maxTogether ?? MAX_CLUSTERED_TOGETHER);
  // progress in thousandths of a run, so the bar moves evenly across runs of unknown work
  const unit = 1000;
  let k = 0;
  const all: VectorCluster[] = [];
  const xy: number[] = [];
  const columns = Math.ceil(Math.sqrt(runs.length));
  for (const [r, { start, end }] of runs.entries()) {
    const part = vectors.slice(start, end);
    const result = clusterVectors(part, {
      ...options,
      onProgress: (done, total) => options.onProgress?.(r * unit + Math.floor((unit * done) / Math.max(1, total)), runs.length * unit),
    });
    const refined = options.maxClusterSize ? refine(result.clusters, part, options, options.maxClusterSize, 2) : result.clusters;
    k += result.k;
    for (const c of refined) all.push({ members: c.members.map((i) => i + start), p: c.p });
    if (result.layout) xy.push(...inUnitSquare(result.layout, (r % columns) * 1.25, Math.floor(r / columns) * 1.25));
  }
  const out: Pick<ClusterGroup, 'k' | 'bic' | 'clusters' | 'layout'> = { k, bic: [], clusters: named(all, chunks, options.groupId) };
  if (options.layout) out.layout = { chunkIds: chunks.map((c) => c.id), xy };
  return out;
}

/** A flat [x0, y0, x1, y1, …] layout scaled into the unit square (aspect kept) at (left, top). */
function inUnitSquare(layout: number[], left: number, top: number): number[] {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < layout.length; i += 2) {
    minX = Math.min(minX, layout[i]);
    maxX = Math.max(maxX, layout[i]);
    minY = Math.min(minY, layout[i + 1]);
    maxY = Math.max(maxY, layout[i + 1]);
  }
  const scale = 1 / Math.max(maxX - minX, maxY - minY, 1e-9);
  return layout.map((v, i) => (i % 2 === 0 ? left + (v - minX) * scale : top + (v - minY) * scale));
}

/** Cluster ids `${groupId}#${index}` in the given order, members as chunk ids. */
function named(clusters: VectorCluster[], chunks: readonly Pick<Chunk, 'id'>[], groupId: string): ClusterGroup['clusters'] {
  return clusters.map((cluster, index) => ({
    id: clusterId(groupId, index),
    members: cluster.members.map((i, m) => ({ chunkId: chunks[i].id, p: cluster.p[m] })),
  }));
}

/**
 * Splits every cluster larger than `maxSize` by clustering its members alone (local UMAP, BIC and
 * GMM). A member's probability becomes the product of its global and local posteriors. A cluster
 * whose members do not split stays whole.
 */
function refine(clusters: VectorCluster[], vectors: Float32Array[], options: ClusterOptions, maxSize: number, depth: number): VectorCluster[] {
  const out: VectorCluster[] = [];
  for (const cluster of clusters) {
    if (depth === 0 || cluster.members.length <= maxSize) {
      out.push(cluster);
      continue;
    }
    const local = clusterVectors(
      cluster.members.map((i) => vectors[i]),
      { seed: options.seed, threshold: options.threshold, maxClusters: options.maxClusters, nEpochs: options.nEpochs, bicPatience: options.bicPatience, signal: options.signal },
    );
    if (local.clusters.length <= 1) {
      out.push(cluster);
      continue;
    }
    const mapped = local.clusters.map((c) => ({
      members: c.members.map((j) => cluster.members[j]),
      p: c.members.map((j, m) => cluster.p[j] * c.p[m]),
    }));
    out.push(...refine(mapped, vectors, options, maxSize, depth - 1));
  }
  // Keep the id order rule of `clusterVectors`: by first member, and no member set twice.
  const seen = new Set<string>();
  return out
    .filter((c) => {
      const key = c.members.join(',');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => compareLists(a.members, b.members));
}
