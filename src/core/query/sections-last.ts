import type { Chunk, RetrievedChunk } from '../types.ts';
import { sectionKey } from './section-fits.ts';

/**
 * The list with every chunk of a passage already placed above it after those of passages not yet
 * placed, keeping both groups' order. A passage is a chunk's section (its document and heading
 * path) when it has a heading and `onePassage` says the section is read whole (section-fits.ts),
 * else the chunk and its neighbours in the document: a paragraph the
 * chunker cut in pieces took a place for each piece where an encoder reading it whole gives it one,
 * and the places after its first went to nothing new. Chunks of
 * other sections of one document (a filing's balance sheet and its notes) keep their places. Applied
 * to every search, so the dense and keyword lists are read as a person reads them, passage by
 * passage ([record](../../../docs/decisions/2026-12-07-one-place-per-passage.md)).
 */
export function sectionsLast(list: readonly RetrievedChunk[], onePassage: (chunk: Chunk) => boolean): RetrievedChunk[] {
  const placed = new Set<string>();
  const first: RetrievedChunk[] = [];
  const after: RetrievedChunk[] = [];
  for (const c of list) {
    const { docId, ordinal, headingPath } = c.chunk;
    const own = headingPath.length > 0 && onePassage(c.chunk) ? [sectionKey(docId, headingPath)] : [];
    const near = [place(docId, ordinal - 1), place(docId, ordinal + 1)];
    ([...own, ...near].some((key) => placed.has(key)) ? after : first).push(c);
    for (const key of [...own, place(docId, ordinal)]) placed.add(key);
  }
  return [...first, ...after];
}

function place(docId: string, ordinal: number): string {
  return `c\u0000${docId}\u0000${ordinal}`;
}
