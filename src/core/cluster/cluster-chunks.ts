import type { Chunk, ClusterGroup } from '../types.ts';
import { clusterVectors, MIN_POINTS } from './cluster-vectors.ts';

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
  /** UMAP epochs; umap-js's default (500 up to 2,500 chunks) when absent. */
  nEpochs?: number;
  /** BIC search patience (see `clusterVectors`); Infinity fits every k up to maxClusters. */
  bicPatience?: number;
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
  const clusters = result.clusters.map((cluster, index) => ({
    id: `${options.groupId}#${index}`,
    members: cluster.members.map((i, m) => ({ chunkId: chunks[i].id, p: cluster.p[m] })),
  }));
  const out: Pick<ClusterGroup, 'k' | 'bic' | 'clusters' | 'layout'> = { k: result.k, bic: result.bic, clusters };
  if (result.layout) out.layout = { chunkIds: chunks.map((c) => c.id), xy: result.layout };
  return out;
}
