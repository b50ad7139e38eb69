/**
 * Clustering time (UMAP, the BIC search for k, the Gaussian mixture) of one group of chunks at
 * growing sizes: the indexing cost that grows fastest with a document's length. The chunks are
 * 384-d unit vectors around TOPICS random directions, so the right k is known, and every size is
 * clustered twice in the same run: with the index's default settings and with the exhaustive
 * search (every k up to maxClusters, umap-js's default epochs), so the speed-up is a ratio of two
 * timings taken under the same load.
 */
import { clusterChunks, type ClusterOptions } from '../../src/core/cluster/index.ts';
import { DEFAULT_SETTINGS } from '../../src/core/stored-index/manifest.ts';
import type { Chunk } from '../../src/core/types.ts';
import { seededRandom } from '../../src/core/util/random.ts';
import { round } from './stats.ts';

/** Topics the synthetic chunks are drawn around: the k the search should find. */
export const TOPICS = 8;
/**
 * Spread of a chunk around its topic direction (the unit vector plus NOISE/√d per coordinate):
 * cosine ≈ 0.3 between two chunks of a topic, ≈ 0 across topics, as in the clustering tests.
 */
const NOISE = 1.5;

export interface ClusterRun {
  /** Clusters the BIC search chose. */
  k: number;
  /** k values fitted by the search. */
  tried: number;
  ms: number;
}

export interface ClusterRow extends ClusterRun {
  chunks: number;
  trueK: number;
  /** The same chunks with every k in 1..maxClusters fitted and umap-js's default epochs. */
  exhaustive: ClusterRun;
  /** exhaustive.ms / ms */
  speedup: number;
}

export function benchClustering(sizes: readonly number[], dimension: number, log: (line: string) => void = () => {}): ClusterRow[] {
  const { seed, threshold, maxClusters, minChunks } = DEFAULT_SETTINGS.clustering;
  const base = { groupId: 'g', seed, threshold, maxClusters, minChunks };
  // The first clustering of a process also compiles the code: warm up on a small group, untimed.
  const warm = topicChunks(200, dimension, 1);
  clusterChunks(warm.chunks, warm.vectors, base);
  clusterChunks(warm.chunks, warm.vectors, { ...base, ...exhaustive(200) });

  return sizes.map((n) => {
    const { chunks, vectors } = topicChunks(n, dimension, n);
    const fast = timed(chunks, vectors, base);
    const full = timed(chunks, vectors, { ...base, ...exhaustive(n) });
    const speedup = round(full.ms / fast.ms, 2);
    log(
      `cluster ${String(n).padStart(5)} chunks  ${(fast.ms / 1000).toFixed(2)} s (k = ${fast.k} of ${TOPICS})` +
        `  exhaustive ${(full.ms / 1000).toFixed(2)} s (k = ${full.k})  ×${speedup}`,
    );
    return { chunks: n, trueK: TOPICS, ...fast, exhaustive: full, speedup };
  });
}

/** The paper's search with nothing cut short: every k, and umap-js's epochs (500 to 2,500 points, 400 to 5,000). */
function exhaustive(n: number): Pick<ClusterOptions, 'bicPatience' | 'nEpochs'> {
  return { bicPatience: Infinity, nEpochs: n <= 2500 ? 500 : n <= 5000 ? 400 : n <= 7500 ? 300 : 200 };
}

function timed(chunks: Chunk[], vectors: Float32Array[], options: ClusterOptions): ClusterRun {
  const t0 = performance.now();
  const result = clusterChunks(chunks, vectors, options);
  return { k: result.k, tried: result.bic.length, ms: round(performance.now() - t0, 1) };
}

/** n chunks, chunk i about topic i % TOPICS (topics interleave in document order). */
function topicChunks(n: number, dimension: number, seed: number): { chunks: Chunk[]; vectors: Float32Array[] } {
  const random = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const directions = Array.from({ length: TOPICS }, () => unit(Float32Array.from({ length: dimension }, normal)));
  const vectors = Array.from({ length: n }, (_, i) =>
    unit(directions[i % TOPICS].map((x) => x + (NOISE / Math.sqrt(dimension)) * normal())),
  );
  const chunks: Chunk[] = vectors.map((_, i) => ({ id: `d:${i}`, docId: 'd', ordinal: i, text: '', headingPath: [], start: 0, end: 0, tokens: 0 }));
  return { chunks, vectors };
}

function unit(v: Float32Array): Float32Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  return v.map((x) => x / norm);
}
