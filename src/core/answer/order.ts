import type { RetrievedChunk } from '../types.ts';

/**
 * Presentation orders of the packed chunks. Both take the chunks best first.
 */

/**
 * Documents in the order of their best chunk, each document's chunks by position: the model reads
 * every document as it was written, the way the paper presents backtracked chunks.
 */
export function documentOrder(best: RetrievedChunk[]): RetrievedChunk[] {
  const docRank = new Map<string, number>();
  for (const c of best) if (!docRank.has(c.chunk.docId)) docRank.set(c.chunk.docId, docRank.size);
  return [...best].sort(
    (a, b) =>
      (docRank.get(a.chunk.docId) ?? 0) - (docRank.get(b.chunk.docId) ?? 0) || a.chunk.ordinal - b.chunk.ordinal,
  );
}

/**
 * Best chunks at both ends and the weakest in the middle, where models use context least
 * ("lost in the middle", Liu et al. 2023): ranks 1,3,5,… from the front, 2,4,6,… from the back.
 */
export function edgesFirst<T>(best: T[]): T[] {
  const front: T[] = [];
  const back: T[] = [];
  best.forEach((item, i) => (i % 2 === 0 ? front : back).push(item));
  return [...front, ...back.reverse()];
}
