/**
 * Most chunks clustered as one set. The recipe's cost grows faster than its input: exact
 * neighbours are O(n²), UMAP takes √n neighbours a point, and past 8,000 points it falls back to
 * umap-js's approximate graph, which ran a 10 MB text's 43,188 chunks out of a 4 GB heap. A longer
 * group is cut into equal consecutive runs of at most this many chunks (in the order given:
 * document order), each clustered alone, so time and memory grow linearly with the document.
 * 3,000 is where one set still clusters in a few seconds (bench:core: 3.3 s). Measured on RGB dev's
 * 7,917 pooled chunks, three runs instead of one set: the eval 1.9 → 1.25 min, cluster rows within
 * ±1.9 points of R@5 (c-rag 26.4 → 28.2, cap-rag+hybrid 39.3 → 38.5), the default 42.1 → 41.8.
 */
export const MAX_CLUSTERED_TOGETHER = 3000;

/** `n` items cut into the fewest equal consecutive runs of at most `limit`: [start, end) each. */
export function runsOf(n: number, limit: number): { start: number; end: number }[] {
  const count = Math.max(1, Math.ceil(n / Math.max(1, limit)));
  const size = Math.ceil(n / count);
  return Array.from({ length: count }, (_, r) => ({ start: r * size, end: Math.min(n, (r + 1) * size) }));
}
