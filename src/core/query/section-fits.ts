import { chunkId } from '../ids.ts';
import type { Chunk } from '../types.ts';

/** Looks a chunk up by id; undefined past either end of its document. */
export type FindChunk = (chunkId: string) => Chunk | undefined;

/**
 * Whether a chunk's section fits the embedder's window whole, so that an encoder would read it as
 * one passage: a paragraph or a short section the chunker cut in pieces. A filing whose one
 * heading covers every page is no such passage, and its chunks are not held back as one
 * ([record](../../../docs/decisions/2026-12-07-one-place-per-passage.md)). Each section is
 * measured once per question, and never past the window.
 */
export function sectionFitsWindow(find: FindChunk, windowTokens: number): (chunk: Chunk) => boolean {
  const known = new Map<string, boolean>();
  return (chunk) => {
    const key = sectionKey(chunk.docId, chunk.headingPath);
    let fits = known.get(key);
    if (fits === undefined) {
      fits = sectionTokensUpTo(find, chunk, windowTokens) <= windowTokens;
      known.set(key, fits);
    }
    return fits;
  };
}

/** A section's key: its document and heading path. */
export function sectionKey(docId: string, headingPath: readonly string[]): string {
  return `s\u0000${docId}\u0000${headingPath.join('\u0001')}`;
}

/** The tokens of the chunk's run of chunks under the same headings, counted until past `limit`. */
function sectionTokensUpTo(find: FindChunk, chunk: Chunk, limit: number): number {
  let tokens = chunk.tokens;
  for (const step of [-1, 1]) {
    for (let ordinal = chunk.ordinal + step; tokens <= limit; ordinal += step) {
      const next = find(chunkId(chunk.docId, ordinal));
      if (!next || !sameHeadings(next.headingPath, chunk.headingPath)) break;
      tokens += next.tokens;
    }
  }
  return tokens;
}

function sameHeadings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((heading, i) => heading === b[i]);
}
