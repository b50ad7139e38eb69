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

/**
 * The list with every chunk that continues one ranked above it (its neighbour in the same
 * document) after those that do not: a passage the chunker cut in two took two of five places,
 * and on 94 of HotpotQA's 200 large dev questions a document stood twice in the first five. Only
 * neighbours wait: a filing's balance sheet and its notes are two passages, both kept where they
 * rank (putting each document's best chunk before any document's second cost FinanceBench with
 * GloVe a question, raising unrelated filings' first chunks). Applied to the fused hops, taken for
 * questions that span passages; it lifted the default on HotpotQA with every embedder
 * (docs/decisions/2026-12-02-links-and-continuations.md).
 */
export function continuationsLast(list: readonly RetrievedChunk[]): RetrievedChunk[] {
  const held = new Set<string>();
  const place = (docId: string, ordinal: number) => `${docId}\u0000${ordinal}`;
  const first: RetrievedChunk[] = [];
  const after: RetrievedChunk[] = [];
  for (const c of list) {
    const { docId, ordinal } = c.chunk;
    (held.has(place(docId, ordinal - 1)) || held.has(place(docId, ordinal + 1)) ? after : first).push(c);
    held.add(place(docId, ordinal));
  }
  return [...first, ...after];
}
