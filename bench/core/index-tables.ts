/** The index benchmark's tables, shared by `loci bench`, `loci bench-core` and the result pages. */
import { TOPICS, type ClusterRow } from './cluster-bench.ts';
import type { BuildRow, QueryRow } from './index-bench.ts';
import { textTable } from './text-table.ts';
import type { EmbedRow } from './embed-bench.ts';

export function buildTable(rows: readonly BuildRow[], dimension: number): string {
  return textTable(
    `Index build (${dimension}-d synthetic CAP-RAG index); baseline: copying the vectors into a flat float32 index`,
    ['entries', 'storage', 'ms', 'baseline ms', '× baseline'],
    rows.map((r) => [String(r.entries), r.storage, r.ms, r.baselineMs, r.ratio]),
  );
}

export function queryTable(rows: readonly QueryRow[], n: number): string {
  return textTable(
    `Query latency (N = ${n}, M = ${20 * n}); baseline: flat float32 dense scan of every entry, p50`,
    ['entries', 'storage', 'strategy', 'hybrid', 'searched', 'p50 ms', 'p95 ms', 'baseline p50', '× baseline'],
    rows.map((r) => [String(r.entries), r.storage, r.strategy, r.hybrid ? 'on' : 'off', String(r.searched), r.p50, r.p95, r.baselineP50, r.ratio]),
  );
}

export function clusteringTable(rows: readonly ClusterRow[], dimension: number): string {
  return textTable(
    `Clustering (${dimension}-d chunks around ${TOPICS} topics, UMAP + BIC-chosen GMM): default settings and the exhaustive search in the same run`,
    ['chunks', 'true k', 'k', 'k tried', 's', 'exhaustive k', 'k tried', 'exhaustive s', 'speed-up'],
    rows.map((r) => [String(r.chunks), String(r.trueK), String(r.k), String(r.tried), r.ms / 1000, String(r.exhaustive.k), String(r.exhaustive.tried), r.exhaustive.ms / 1000, `×${r.speedup}`]),
  );
}

/** bench:core's embedding rows, each beside the first (GloVe), timed in the same run on the same chunks. */
export function embedThroughputTable(rows: readonly EmbedRow[]): string {
  const baseline = rows[0];
  return textTable(
    `Embedding throughput: ${baseline.chunks} chunks of the Alice EPUB in batches of 64; baseline ${baseline.model} in the same run`,
    ['model', 'dtype', 'threads', 'chunks/s', '× baseline time'],
    rows.map((r) => [r.model, r.dtype, r.threads === undefined ? '-' : String(r.threads), r.chunksPerS, `×${(r.ms / baseline.ms).toFixed(1)}`]),
  );
}
