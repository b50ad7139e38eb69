import type { Chunk, ClusterGroup } from '../types.ts';
import { clusterVectors, compareLists, MIN_POINTS, type VectorCluster } from './cluster-vectors.ts';

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
  chunks: Chunk[],
  vectors: Float32Array[],
  options: ClusterOptions,
): Pick<ClusterGroup, 'k' | 'bic' | 'clusters' | 'layout'> {
  if (vectors.length !== chunks.length) {
    throw new RangeError(`clusterChunks: ${chunks.length} chunks but ${vectors.length} vectors`);
  }
  const n = chunks.length;
  if (n < Math.max(options.minChunks, MIN_POINTS)) return { k: 0, bic: [], clusters: [] };

  const result = clusterVectors(vectors, options);
  const refined = options.maxClusterSize ? refine(result.clusters, vectors, options, options.maxClusterSize, 2) : result.clusters;
  const clusters = refined.map((cluster, index) => ({
    id: `${options.groupId}#${index}`,
    members: cluster.members.map((i, m) => ({ chunkId: chunks[i].id, p: cluster.p[m] })),
  }));
  const out: Pick<ClusterGroup, 'k' | 'bic' | 'clusters' | 'layout'> = { k: result.k, bic: result.bic, clusters };
  if (result.layout) out.layout = { chunkIds: chunks.map((c) => c.id), xy: result.layout };
  return out;
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
