/** The two texts a chunk is read as: by BM25 and the stores (its entry text), and by the embedder. */
import type { Chunk } from '../types.ts';

/**
 * A chunk's entry text, which BM25 counts and the stores rebuild a left-out entry text from: its
 * heading path, then its text. Kept as it was written, so that records stored before still read
 * back as they were.
 */
export function chunkEntryText(chunk: Pick<Chunk, 'headingPath' | 'text'>): string {
  return chunk.headingPath.length ? `${chunk.headingPath.join(' › ')}\n${chunk.text}` : chunk.text;
}

/**
 * The text the embedder reads for a chunk: a Markdown excerpt, its heading path as headings, one
 * level each, then a blank line and the text, as a document shows them. Run onto the text's first
 * line (the entry text), a trained encoder read a title as the start of the first sentence, and its
 * vectors found fewer passages than the same encoder reading each titled paragraph as written
 * ([record](../../../docs/decisions/2026-12-07-what-the-embedder-reads.md)).
 */
export function chunkEmbeddingText(chunk: Pick<Chunk, 'headingPath' | 'text'>): string {
  if (chunk.headingPath.length === 0) return chunk.text;
  const headings = chunk.headingPath.map((heading, level) => `${'#'.repeat(Math.min(level + 1, 6))} ${heading}`);
  return `${headings.join('\n')}\n\n${chunk.text}`;
}
