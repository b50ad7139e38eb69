/**
 * Chunk ids are `${docId}:${ordinal}` (src/core/types.ts). The inspector names chunks by the
 * source number the answer used when there is one, else by their position in the document.
 */
import type { Source } from '../../protocol/vocabulary.ts';

export function splitChunkId(id: string): { docId: string; ordinal: number } {
  const at = id.lastIndexOf(':');
  if (at < 0) return { docId: id, ordinal: Number.NaN };
  return { docId: id.slice(0, at), ordinal: Number(id.slice(at + 1)) };
}

export interface ChunkRef {
  id: string;
  /** The source number in the answer, when the chunk was packed. */
  n?: number;
  /** 1-based position in its document, for people. */
  position: number;
  docId: string;
}

export function chunkRef(id: string, sources: readonly Source[]): ChunkRef {
  const { docId, ordinal } = splitChunkId(id);
  const packed = sources.find((s) => s.chunk.id === id);
  return { id, n: packed?.n, position: ordinal + 1, docId };
}

/** Documents an answer drew on, in the order of their first source. */
export function docsOfSources(sources: readonly Source[]): { docId: string; name: string }[] {
  const out: { docId: string; name: string }[] = [];
  for (const s of sources) if (!out.some((d) => d.docId === s.chunk.docId)) out.push({ docId: s.chunk.docId, name: s.docName });
  return out;
}
