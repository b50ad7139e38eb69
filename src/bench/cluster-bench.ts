/**
 * Clustering time (UMAP, then the BIC-chosen Gaussian mixture) of one group of random chunks at
 * growing sizes, with the index's default clustering settings: the indexing cost that grows fastest
 * with a document's length.
 */
import { clusterChunks } from '../core/cluster/index.ts';
import { DEFAULT_SETTINGS } from '../core/persist/manifest.ts';
import type { Chunk } from '../core/types.ts';
import { seededRandom } from '../core/util/random.ts';
import { round } from './stats.ts';
import { randomUnitVectors } from './synthetic-corpus.ts';

export interface ClusterRow {
  chunks: number;
  ms: number;
  /** Clusters the BIC search chose. */
  k: number;
}

export function benchClustering(sizes: readonly number[], dimension: number, log: (line: string) => void = () => {}): ClusterRow[] {
  const { seed, threshold, maxClusters, minChunks } = DEFAULT_SETTINGS.clustering;
  return sizes.map((n) => {
    const flat = randomUnitVectors(n, dimension, seededRandom(n));
    const vectors = Array.from({ length: n }, (_, i) => flat.subarray(i * dimension, (i + 1) * dimension));
    const chunks: Chunk[] = vectors.map((_, i) => ({ id: `d:${i}`, docId: 'd', ordinal: i, text: '', headingPath: [], start: 0, end: 0, tokens: 0 }));
    const t0 = performance.now();
    const result = clusterChunks(chunks, vectors, { groupId: 'g', seed, threshold, maxClusters, minChunks });
    const ms = round(performance.now() - t0, 1);
    log(`cluster ${String(n).padStart(5)} chunks  ${(ms / 1000).toFixed(2)} s  (k = ${result.k})`);
    return { chunks: n, ms, k: result.k };
  });
}
