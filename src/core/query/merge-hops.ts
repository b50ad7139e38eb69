import type { RetrievedChunk } from '../types.ts';

/**
 * Both hops' chunks in one best-first list (`limit` long): reciprocal rank fusion of the two
 * lists, the first hop's chunk first on a tie. A chunk both hops rank high (the first passage of a
 * bridge question, found again through its own terms) leads; a chunk only the second hop finds
 * (the bridge's other end) ranks beside the first hop's runners-up instead of replacing them.
 */
export function mergeHops(first: readonly RetrievedChunk[], second: readonly RetrievedChunk[], limit: number, k = 60): RetrievedChunk[] {
  const fused = new Map<string, { chunk: RetrievedChunk; score: number; order: number }>();
  const add = (list: readonly RetrievedChunk[]) =>
    list.forEach((c, i) => {
      const known = fused.get(c.chunk.id);
      const share = 1 / (k + i + 1);
      if (known) known.score += share;
      else fused.set(c.chunk.id, { chunk: c, score: share, order: fused.size });
    });
  add(first);
  add(second);
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, Math.max(0, limit))
    .map((f) => f.chunk);
}
