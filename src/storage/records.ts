/**
 * The shapes kept in IndexedDB, one object store each. A document is split across several
 * stores so that listing the library never pulls chunks or vectors into memory, and vectors are
 * kept as raw Float32 bytes (an ArrayBuffer clones far faster than an array of numbers).
 */
import type { DBSchema } from 'idb';
import type {
  Chunk,
  ClusterGroup,
  Doc,
  Entry,
  IndexManifest,
  JobState,
  PreparseRecord,
  Strategy,
  TraceRow,
} from '../core/types.ts';

/** Everything about a document except its bytes, chunks and entries. */
export interface StoredDocument {
  doc: Doc;
  job: JobState;
  preparse: PreparseRecord[];
  /** Epoch ms; strictly increasing across the library so it also fixes the document order. */
  added: number;
}

/** The bytes a person dropped in, kept so a crashed or changed index can be rebuilt from them. */
export interface StoredOriginal {
  id: string;
  name: string;
  mime: string;
  bytes: ArrayBuffer;
  /** Epoch ms, same clock as StoredDocument.added (the document inherits it when parsed). */
  added: number;
}

export interface StoredChunks {
  docId: string;
  chunks: Chunk[];
}

/** Entries of one owner with their vectors: `entries.length * dimension` Float32 values. */
export interface StoredEntries {
  /** `doc:<docId>` or `group:<groupId>`, see owner-key.ts. */
  owner: string;
  entries: Entry[];
  vectors: ArrayBuffer;
}

export interface StoredGroup {
  group: ClusterGroup;
  preparse: PreparseRecord[];
  added: number;
}

/** A chunk an answer cited, with the label it was shown under. */
export interface StoredSource {
  chunkId: string;
  label: string;
}

export interface StoredMessage {
  role: 'user' | 'assistant';
  content: string;
  sources: StoredSource[];
  strategy?: Strategy;
  created: number;
  /** Source numbers the answer cites (assistant messages). */
  cited?: number[];
  /** The retrieval trace behind the answer, for the inspector after a reload. */
  trace?: TraceRow[];
}

export interface StoredChat {
  id: string;
  title: string;
  created: number;
  messages: StoredMessage[];
}

export interface StoredSetting {
  key: string;
  value: unknown;
}

/** The single manifest record lives under this key. */
export const MANIFEST_KEY = 'current';

export interface LociSchema extends DBSchema {
  manifest: { key: string; value: IndexManifest };
  documents: { key: string; value: StoredDocument; indexes: { 'by-added': number } };
  originals: { key: string; value: StoredOriginal; indexes: { 'by-added': number } };
  chunks: { key: string; value: StoredChunks };
  entries: { key: string; value: StoredEntries };
  groups: {
    key: string;
    value: StoredGroup;
    indexes: { 'by-added': number; 'by-doc': string };
  };
  chats: { key: string; value: StoredChat; indexes: { 'by-created': number } };
  settings: { key: string; value: StoredSetting };
}

export const ALL_STORES = [
  'manifest',
  'documents',
  'originals',
  'chunks',
  'entries',
  'groups',
  'chats',
  'settings',
] as const;

/** The stores that make up the library (what `IdbIndexStore.clear()` empties). */
export const LIBRARY_STORES = [
  'manifest',
  'documents',
  'originals',
  'chunks',
  'entries',
  'groups',
] as const;
