/**
 * Most chunks clustered as one set. The recipe's cost grows faster than its input: exact
 * neighbours are O(n²), UMAP takes √n neighbours a point, and past 8,000 points it falls back to
 * umap-js's approximate graph, which ran a long text's tens of thousands of chunks out of heap. A longer
 * group is cut into equal consecutive runs of at most this many chunks (in the order given:
 * document order), each clustered alone, so time and memory grow linearly with the document.
 * 3,000 is where one set still clusters in a few seconds; on RGB's pooled chunks, runs instead of
 * one set made the evaluation quicker and moved its cluster rows within noise
 * (docs/decisions/2026-12-07-clustering-cost-measured.md).
 */
export const MAX_CLUSTERED_TOGETHER = 3000;

/** `n` items cut into the fewest equal consecutive runs of at most `limit`: [start, end) each. */
export function runsOf(n: number, limit: number): { start: number; end: number }[] {
  const count = Math.max(1, Math.ceil(n / Math.max(1, limit)));
  const size = Math.ceil(n / count);
  return Array.from({ length: count }, (_, r) => ({ start: r * size, end: Math.min(n, (r + 1) * size) }));
}
