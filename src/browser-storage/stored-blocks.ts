/**
 * The two shapes a stored chunks or entries record may hold, read alike. Records the store writes
 * itself hold objects; records of an imported library file hold the file's own blocks as bytes
 * (library-snapshot.ts): the chunks' JSON, the entry columns, the counted words. Cloning a record
 * of objects into IndexedDB went object by object, and a large site library's write waited on it
 * (docs/decisions/2026-12-07-import-as-file-blocks.md). Both shapes stay readable:
 * records stored before the blocks, and every record the indexer writes, are objects.
 */
import type { EntryTerms } from '../core/types.ts';
import type { StoredChunk } from '../core/stored-index/repeated-text.ts';
import { readColumns, type EntryColumns } from '../core/stored-index/entry-columns.ts';
import { decodeColumns } from '../core/stored-index/entry-columns-binary.ts';
import { termsOf } from '../core/stored-index/binary-format.ts';
import { strictUtf8 } from '../core/util/strict-utf8.ts';
import type { StoredChunks, StoredEntries } from './records.ts';

/** Whether a record's part is a block of bytes, summed over its bytes (record-sums.ts), not objects summed over their JSON. */
export function isBlock(part: unknown): part is ArrayBuffer {
  return part instanceof ArrayBuffer;
}

/** The stored chunks, or undefined when a block of them is not their JSON. */
export function chunkList(chunks: StoredChunks['chunks']): StoredChunk[] | undefined {
  if (!isBlock(chunks)) return chunks;
  try {
    const parsed: unknown = JSON.parse(strictUtf8(new Uint8Array(chunks)));
    return Array.isArray(parsed) ? (parsed as StoredChunk[]) : undefined;
  } catch {
    return undefined;
  }
}

/** The entries as columns, or undefined when they are neither entries nor a whole set of columns. */
export function entryColumnsOf(entries: StoredEntries['entries']): EntryColumns | undefined {
  return isBlock(entries) ? decodeColumns(new Uint8Array(entries)) : readColumns(entries);
}

/** The counted words, or undefined when a block of them does not hold them whole. */
export function termsOfRecord(terms: NonNullable<StoredEntries['terms']>): EntryTerms | undefined {
  return isBlock(terms) ? termsOf(new Uint8Array(terms)) : terms;
}
