/**
 * A decoded document record whose `chunks` and pre-parse progress (`preparse`) are made when
 * first read, from the table of their stored columns (chunk-table.ts, document-columns.ts). Until
 * then the search corpus finds a chunk by its document and ordinal in the table, making only the
 * chunks it reads, the image saver writes the record's chunks block as it was read, and counts
 * come from the columns (docs/decisions/2026-12-07-chunks-made-when-read.md). The accessors are
 * shared by every record, their state kept on the record under keys no spread copies: a closure
 * and context per record and property were more memory than the chunks they stood for.
 */
import type { Chunk, PreparseRecord } from '../types.ts';
import type { ChunkTable } from './chunk-table.ts';
import type { PreparseColumns } from './document-columns.ts';
import type { DocumentRecord } from './snapshot.ts';

const TABLE = Symbol('chunk table');
const PROGRESS = Symbol('pre-parse progress');

interface Stored {
  table: ChunkTable;
  /** The record's chunks block as stored (chunk-columns.ts), written again as it is while the chunks are unchanged. */
  block: Uint8Array;
}

interface Progress {
  columns: PreparseColumns;
  table: ChunkTable;
}

type WithTable = DocumentRecord & { [TABLE]?: Stored; [PROGRESS]?: Progress };

function readChunks(this: WithTable): Chunk[] {
  return this[TABLE]!.table.chunks();
}

// chunks written are no longer what the table holds
function writeChunks(this: WithTable, value: Chunk[]): void {
  Object.defineProperty(this, 'chunks', { configurable: true, enumerable: true, writable: true, value });
  delete this[TABLE];
}

function readProgress(this: WithTable): PreparseRecord[] {
  const { columns, table } = this[PROGRESS]!;
  const made = columns.records((n) => (n < table.count && table.ordinal(n) === n ? table.id(n) : undefined));
  writeProgress.call(this, made);
  return made;
}

function writeProgress(this: WithTable, value: PreparseRecord[]): void {
  Object.defineProperty(this, 'preparse', { configurable: true, enumerable: true, writable: true, value });
  delete this[PROGRESS];
}

/** `record` with `chunks` made from `table` when first read (`block`, the bytes it was read from), and `preparse` from `progress`. */
export function chunksWhenRead<R extends DocumentRecord>(record: R, table: ChunkTable, block: Uint8Array, progress: PreparseColumns): R {
  Object.defineProperty(record, TABLE, { configurable: true, enumerable: false, writable: false, value: { table, block } satisfies Stored });
  Object.defineProperty(record, PROGRESS, { configurable: true, enumerable: false, writable: false, value: { columns: progress, table } satisfies Progress });
  Object.defineProperty(record, 'chunks', { configurable: true, enumerable: true, get: readChunks, set: writeChunks });
  Object.defineProperty(record, 'preparse', { configurable: true, enumerable: true, get: readProgress, set: writeProgress });
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

/** Whether the record's pre-parse progress is still to be made. */
export function progressPending(record: DocumentRecord): boolean {
  return (record as WithTable)[PROGRESS] !== undefined;
}
