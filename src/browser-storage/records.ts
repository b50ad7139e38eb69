/**
 * The shapes kept in IndexedDB, one object store each. A document is split across several
 * stores so that listing the library never pulls chunks or vectors into memory, and vectors are
 * kept as raw bytes (an ArrayBuffer clones far faster than an array of numbers), or beside an open
 * image outside IndexedDB altogether (`StoredEntries.vectorsIn`).
 */
import type { DBSchema } from 'idb';
import type { DocumentRecord, GroupRecord } from '../core/stored-index/snapshot.ts';
import type { Turn, TurnRetrieval } from '../core/engine/turn.ts';
import type { Collection, Scope } from '../core/engine/scope.ts';
import type { SiteCollection } from '../core/engine/site-library.ts';
import type { StoredChunk, StoredEntry } from '../core/stored-index/repeated-text.ts';
import type { PdfLine } from '../core/ingest/pdf-lines.ts';
import type { Doc, EntryTerms, IndexManifest, JobState } from '../core/types.ts';

/** Epoch ms; strictly increasing across the library so it also fixes the document order. */
type Added = { added: number };

/**
 * The checksum of what a derived record holds (record-sums.ts), set when it is written and checked
 * when the index loads. Absent on records written before checksums were kept: those load unchecked.
 */
type Sealed = { sum?: string };

/** Everything about a document except its bytes, chunks and entries. */
export type StoredDocument = Pick<DocumentRecord, 'doc' | 'job' | 'preparse'> & Added & Sealed;

/**
 * A document's row in the library list, written with its record (library-rows.ts) so that listing
 * the library reads no document's text: a large library's records with their texts held a reopen
 * back before its index could open (docs/decisions/2026-11-27-library-rows-store.md).
 */
export type StoredRow = Pick<Doc, 'id' | 'name' | 'mime' | 'size' | 'title' | 'language'> & { job: JobState } & Added;

/**
 * What is known of a file a person dropped in, without its bytes: listing the library reads
 * these, and must not pull megabytes of PDFs into memory to show a name and a size.
 * `added` is the same clock as StoredDocument's (the document inherits it when parsed).
 */
export interface StoredOriginal extends Added {
  id: string;
  name: string;
  mime: string;
  size: number;
}

/** The bytes of an original, kept so a crashed or changed index can be rebuilt from them. */
export interface StoredOriginalBytes {
  id: string;
  bytes: ArrayBuffer;
}

/** An original with its bytes: what the indexer reads and what an export carries. */
export type OriginalFile = StoredOriginal & Pick<StoredOriginalBytes, 'bytes'>;

/**
 * A document's chunks, each without the text that is its document's (repeated-text.ts): as
 * objects, or (a library file imported, stored-blocks.ts) as the file's block of their JSON.
 */
export interface StoredChunks extends Sealed {
  docId: string;
  chunks: StoredChunk[] | ArrayBuffer;
}

/** Entries of one owner with their vectors: `entries.length * dimension` Float32 values. */
export interface StoredEntries {
  /** `doc:<docId>` or `group:<groupId>`, see owner-key.ts. */
  owner: string;
  /**
   * A document's chunk entries are kept without their text, rebuilt from the chunk (repeated-text.ts).
   * As objects, or (a library file imported, stored-blocks.ts) as the file's block of their
   * columns (entry-columns-binary.ts), which clones as one buffer rather than object by object.
   */
  entries: StoredEntry[] | ArrayBuffer;
  /** Float32 values, or with `vectorFormat` 'int8' one scale and `dimension` codes a row (vector-codec.ts). */
  vectors: ArrayBuffer;
  /** Absent: float32 (every record written before int8 storage). */
  vectorFormat?: 'int8';
  /**
   * 'file': the vectors are kept outside IndexedDB (vector-files.ts), in a file until the open
   * image holds them, then in the image; `vectors` is empty here and `sums.vectors` names them.
   * Absent: `vectors` holds them (every record written where there is no such file, or before).
   */
  vectorsIn?: 'file';
  /** With `vectorsIn`, how many bytes they are. */
  vectorBytes?: number;
  /**
   * The entries' words counted for BM25 (EntryTerms), so opening the library does not segment the
   * text again. Derived from `entries` alone: absent, or failing its checksum, the text is used.
   * As an object, or with `entries` as bytes, as the file's block of them (binary-format.ts).
   */
  terms?: EntryTerms | ArrayBuffer;
  /** Checksums of `entries`, of `vectors`' bytes and of `terms` (see Sealed); of a block, its bytes' as the file has it. */
  sums?: { entries: string; vectors: string; terms?: string };
}

export type StoredGroup = Pick<GroupRecord, 'group' | 'preparse'> & Added & Sealed;

/** A chunk an answer cited, with the label it was shown under. */
export interface StoredSource {
  chunkId: string;
  label: string;
}

/**
 * A chat keeps each turn (core's `Turn`, engine/turn.ts) as two messages, the question and its
 * answer: the records' shape since the first chats, so every stored chat still opens. The answer's
 * record holds the turn's fields, under the turn's names but for its text (`content`) and its
 * sources (by chunk id); fields added since are absent on older answers.
 */
export type StoredMessage = {
  role: 'user' | 'assistant';
  /** The question, or the answer. */
  content: string;
  sources: StoredSource[];
  created: number;
} & Partial<Pick<Turn, 'strategy' | 'cited' | 'citations' | 'notFound' | 'trace' | 'error'>> &
  TurnRetrieval;

export interface StoredChat {
  id: string;
  title: string;
  created: number;
  messages: StoredMessage[];
  /** What its questions are asked within; absent (chats before scopes), the whole library. */
  scope?: Scope;
}

/** A collection of documents, kept beside the library (not part of the index: a new embedder keeps it). */
export type StoredCollection = Collection;

export interface StoredSetting {
  key: string;
  value: unknown;
}

/**
 * One page of a scan as OCR read it, kept until its document is parsed so a stopped reading
 * resumes at the next page (ocr-pages.ts). Not part of the index: no revision, no export.
 */
export interface StoredOcrPage {
  docId: string;
  /** 1-based. */
  page: number;
  /** The OCR models that read it: another model's page is read again. */
  ocr: string;
  lines: PdfLine[];
}

/** A number kept about the database itself (see revision.ts). */
export interface StoredMeta {
  key: string;
  value: number;
}

/**
 * What one write to the index changed, under the index revision it made (index-changes.ts): the
 * documents and cluster groups it wrote or deleted, or `whole` for a write that is not told in
 * records (the manifest, a clear, an import). An open image made at an earlier revision is brought
 * up to date by reading only the records these name.
 */
export type StoredChange = { revision: number; documents: string[]; groups: string[] } | { revision: number; whole: true };

/**
 * A library file whose import has begun and is not yet stored (pending-import.ts): its bytes, as
 * checked, and how it is to be imported. Its one put makes the import kept; the transaction that
 * writes its records deletes it, and an open that finds it stores it first.
 */
export interface StoredPendingImport {
  bytes: ArrayBuffer;
  options: { mode: 'merge' | 'replace'; embedder?: { id: string; dimension: number }; site?: { collection: SiteCollection } };
}

/** The one pending import (StoredPendingImport) lives under this key: imports run one at a time. */
export const PENDING_IMPORT_KEY = 'file';

/** The single manifest record lives under this key. */
export const MANIFEST_KEY = 'current';

export interface LociSchema extends DBSchema {
  manifest: { key: string; value: IndexManifest };
  documents: { key: string; value: StoredDocument; indexes: { 'by-added': number } };
  rows: { key: string; value: StoredRow };
  originals: { key: string; value: StoredOriginal; indexes: { 'by-added': number } };
  originalBytes: { key: string; value: StoredOriginalBytes };
  chunks: { key: string; value: StoredChunks };
  entries: { key: string; value: StoredEntries };
  groups: {
    key: string;
    value: StoredGroup;
    indexes: { 'by-added': number; 'by-doc': string };
  };
  chats: { key: string; value: StoredChat; indexes: { 'by-created': number } };
  collections: { key: string; value: StoredCollection; indexes: { 'by-created': number } };
  settings: { key: string; value: StoredSetting };
  meta: { key: string; value: StoredMeta };
  ocrPages: { key: [string, number]; value: StoredOcrPage };
  indexChanges: { key: number; value: StoredChange };
  pendingImport: { key: string; value: StoredPendingImport };
}

/** The index: everything derived from the documents, what a change of embedder drops and rebuilds. */
export const INDEX_STORES = ['manifest', 'documents', 'rows', 'chunks', 'entries', 'groups'] as const;

/** The library: the index and the original files (what `IdbIndexStore.clear()` empties). */
export const LIBRARY_STORES = [...INDEX_STORES, 'originals', 'originalBytes'] as const;

/** Everything: the library, chats and settings (what an export holds). */
export const ALL_STORES = [...LIBRARY_STORES, 'collections', 'chats', 'settings'] as const;
