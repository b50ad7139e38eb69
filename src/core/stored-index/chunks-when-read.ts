/**
 * A decoded document record whose `chunks` are made when first read, from the table of their
 * stored columns (chunk-table.ts). Until then the search corpus finds a chunk by its document
 * and ordinal in the table, making only the chunks it reads, the image saver writes the record's
 * chunks block as it was read, and counts come from the columns
 * (docs/decisions/2026-12-07-chunks-made-when-read.md).
 */
import type { Chunk } from '../types.ts';
import type { ChunkTable } from './chunk-table.ts';
import type { DocumentRecord } from './snapshot.ts';

/** The table and its block, under a key no spread copies (as entries-when-read.ts keeps its table). */
const TABLE = Symbol('chunk table');

interface Stored {
  table: ChunkTable;
  /** The record's chunks block as stored (chunk-columns.ts), written again as it is while the chunks are unchanged. */
  block: Uint8Array;
}

type WithTable = DocumentRecord & { [TABLE]?: Stored };

/** `record` with `chunks` made from `table` when first read; `block`, the bytes the table was read from. */
export function chunksWhenRead<R extends DocumentRecord>(record: R, table: ChunkTable, block: Uint8Array): R {
  Object.defineProperty(record, 'chunks', {
    configurable: true,
    enumerable: true,
    get: () => table.chunks(),
    // chunks written are no longer what the table holds
    set(this: WithTable, value: Chunk[]) {
      Object.defineProperty(this, 'chunks', { configurable: true, enumerable: true, writable: true, value });
      delete this[TABLE];
    },
  });
  Object.defineProperty(record, TABLE, { configurable: true, enumerable: false, writable: false, value: { table, block } satisfies Stored });
  return record;
}

/** The table a record's chunks are read from, when they were read so and not replaced since. */
export function chunkTableOf(record: DocumentRecord): ChunkTable | undefined {
  return (record as WithTable)[TABLE]?.table;
}

/** The record's chunks block as stored, when it still holds exactly its chunks. */
export function storedChunksBlock(record: DocumentRecord): Uint8Array | undefined {
  return (record as WithTable)[TABLE]?.block;
}

/** How many chunks the record holds, counted without making them. */
export function chunkCountOf(record: DocumentRecord): number {
  return chunkTableOf(record)?.count ?? record.chunks.length;
}

/** Whether the record's chunks are still to be made (the engine's memory report counts its table instead). */
export function chunksPending(record: DocumentRecord): boolean {
  const table = chunkTableOf(record);
  return table !== undefined && !table.madeAll;
}
