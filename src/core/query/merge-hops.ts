import { reciprocalRankFusion } from '../search/rrf.ts';
import type { RetrievedChunk } from '../types.ts';

/**
 * Both hops' chunks in one best-first list (`limit` long): reciprocal rank fusion of the two
 * lists, the first hop's chunk first on a tie. A chunk both hops rank high (the first passage of a
 * bridge question, found again through its own terms) leads; a chunk only the second hop finds
 * (the bridge's other end) ranks beside the first hop's runners-up instead of replacing them.
 */
export function mergeHops(first: readonly RetrievedChunk[], second: readonly RetrievedChunk[], limit: number): RetrievedChunk[] {
  const byRow: RetrievedChunk[] = [];
  const rowOf = new Map<string, number>();
  const hits = (list: readonly RetrievedChunk[]) =>
    list.map((c) => {
      let row = rowOf.get(c.chunk.id);
      if (row === undefined) {
        row = byRow.push(c) - 1;
        rowOf.set(c.chunk.id, row);
      }
      return { row, score: 0 };
    });
  return reciprocalRankFusion([hits(first), hits(second)])
    .slice(0, Math.max(0, limit))
    .map((hit) => byRow[hit.row]);
}
