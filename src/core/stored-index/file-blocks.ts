/**
 * A library file's blocks kept as the file has them, beside the index decoded from them: an
 * import stores each document's chunks, entries, vectors and counted words as these bytes, under
 * the checksums the file gave them (browser-storage/library-snapshot.ts), instead of making the
 * stored records again from the decoded index and cloning them object by object
 * (docs/decisions/2026-12-07-import-as-file-blocks.md).
 */
import type { VectorStorage } from '../types.ts';

/** A block's bytes (a view into the file) and the checksum they were found to match. */
export interface CheckedBlock {
  bytes: Uint8Array;
  sum: string;
}

/** What a document's record stores as the file has it. */
export interface DocumentBlocks {
  /** Its chunks as JSON (stored chunks, repeated-text.ts); absent when the file holds them as columns, which only this build's image reads. */
  chunks?: CheckedBlock;
  /** Its entry columns as bytes (entry-columns-binary.ts). */
  entries: CheckedBlock;
  /** One row an entry, in `FileBlocks.vectors`. */
  vectors: CheckedBlock;
  /** Its counted entry words, when the file has them and their block matches its checksum. */
  terms?: CheckedBlock;
}

export interface FileBlocks {
  /** How the file stores its vectors. */
  vectors: VectorStorage;
  /** By document id: only documents decoded whole, and only from files whose entries are columns as bytes. */
  documents: Map<string, DocumentBlocks>;
}

/** An empty set for decodeIndex to fill. */
export function fileBlocks(): FileBlocks {
  return { vectors: 'float32', documents: new Map() };
}
