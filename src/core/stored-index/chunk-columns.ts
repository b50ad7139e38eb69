/**
 * A document's chunks as columns (the `chunks` block of index format version 7, column-pack.ts):
 * seven int32 a chunk (its heading path by number, ordinal, start, end, tokens, page, last page)
 * and the distinct heading paths once, in the head. A chunk's text is its document's text from
 * `start` to `end` and its id `${docId}:${ordinal}`, so neither is written; a chunk that is not so
 * (an older record, a hand-made one) is kept whole in the head as repeated-text.ts stores it, and
 * comes back equal to what was stored.
 */
import { chunkId } from '../ids.ts';
import type { Chunk, Doc } from '../types.ts';
import { ABSENT, decodePack, encodePack, fitsInt32 } from './column-pack.ts';
import { storedChunks, type StoredChunk } from './repeated-text.ts';
import { CHUNK_WIDTH, ChunkTable } from './chunk-table.ts';

const WIDTH = CHUNK_WIDTH;
const FIELDS = new Set(['id', 'docId', 'ordinal', 'text', 'headingPath', 'start', 'end', 'page', 'pageEnd', 'tokens']);

interface Head {
  count: number;
  paths: string[][];
  kept: [number, StoredChunk][];
}

export function encodeChunkColumns(doc: Pick<Doc, 'id' | 'text'>, chunks: readonly Chunk[]): Uint8Array {
  const paths: string[][] = [];
  const pathIndex = new Map<string, number>();
  const kept: [number, StoredChunk][] = [];
  const ints = new Int32Array(WIDTH * chunks.length);
  chunks.forEach((chunk, i) => {
    const at = WIDTH * i;
    if (!plain(doc, chunk)) {
      ints[at] = -1;
      kept.push([i, storedChunks(doc, [chunk])[0]]);
      return;
    }
    const key = JSON.stringify(chunk.headingPath);
    let path = pathIndex.get(key);
    if (path === undefined) {
      path = paths.push(chunk.headingPath) - 1;
      pathIndex.set(key, path);
    }
    ints.set([path, chunk.ordinal, chunk.start, chunk.end, chunk.tokens, chunk.page ?? ABSENT, chunk.pageEnd ?? ABSENT], at);
  });
  return encodePack({ count: chunks.length, paths, kept } satisfies Head, ints, '');
}

/**
 * The chunks again, or undefined when the bytes are not a document's chunk columns. Chunks of one
 * heading path share its array: nothing changes a loaded chunk's path in place.
 */
export function decodeChunkColumns(doc: Pick<Doc, 'id' | 'text'>, bytes: Uint8Array): Chunk[] | undefined {
  return readChunkTable(doc, bytes)?.chunks();
}

/** The chunks as a table that makes each when read (chunk-table.ts), or undefined when the bytes are not a document's chunk columns. */
export function readChunkTable(doc: Pick<Doc, 'id' | 'text'>, bytes: Uint8Array): ChunkTable | undefined {
  const pack = decodePack(bytes);
  const head = pack?.head as Partial<Head> | undefined;
  if (!pack || !head || !Number.isInteger(head.count) || !Array.isArray(head.paths) || !Array.isArray(head.kept)) return undefined;
  const count = head.count as number;
  const { ints } = pack;
  if (ints.length !== WIDTH * count) return undefined;
  const kept = new Map(head.kept);
  for (let i = 0; i < count; i++) {
    const path = ints[WIDTH * i];
    if (path < 0 ? !kept.has(i) : !Array.isArray(head.paths[path])) return undefined;
  }
  return new ChunkTable(doc, ints, head.paths, kept);
}

/** Whether the columns say all of `chunk`: its text and id what they rebuild, within its document's text, its numbers whole. */
function plain(doc: Pick<Doc, 'id' | 'text'>, chunk: Chunk): boolean {
  for (const [key, value] of Object.entries(chunk)) if (value !== undefined && !FIELDS.has(key)) return false;
  const { ordinal, start, end, tokens, page, pageEnd, headingPath } = chunk;
  return (
    [ordinal, start, end, tokens].every(fitsInt32) &&
    (page === undefined || fitsInt32(page)) &&
    (pageEnd === undefined || fitsInt32(pageEnd)) &&
    Array.isArray(headingPath) &&
    headingPath.every((h) => typeof h === 'string') &&
    chunk.docId === doc.id &&
    chunk.id === chunkId(doc.id, ordinal) &&
    start >= 0 &&
    start <= end &&
    end <= doc.text.length &&
    chunk.text === doc.text.slice(start, end)
  );
}
