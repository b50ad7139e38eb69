/**
 * The stored shape of an index: a manifest plus independent per-document and per-cluster-group
 * records, so that a document can be added or deleted by writing or deleting its own records.
 * Entry vectors travel with the record that owns the entries: `vectors` holds one row of
 * `manifest.embedder.dimension` floats per entry, in the same order.
 */
import type {
  Chunk,
  ClusterGroup,
  Doc,
  Entry,
  EntryTerms,
  IndexManifest,
  JobState,
  PreparseRecord,
} from '../types.ts';
import type { CorpusImage } from '../search/corpus-image.ts';
import type { Damage } from './damage.ts';
import type { Collection } from '../engine/scope.ts';

/** A document with everything derived from it alone. */
export interface DocumentRecord {
  doc: Doc;
  chunks: Chunk[];
  job: JobState;
  /** Entries whose origin is one of this document's chunks (chunk and pre-parsed kinds). */
  entries: Entry[];
  vectors: Float32Array;
  /** Pre-parse outcome per chunk (done or failed), in chunk order. */
  preparse: PreparseRecord[];
  /**
   * The entries' words, counted for BM25 when they were made. Absent (a record from before, or a
   * store that does not keep them) or not matching `entries`, the entries are segmented on load.
   */
  terms?: EntryTerms;
}

/**
 * A document's original file as a library file carries it (binary-format.ts): what the document is
 * indexed again from after damage or a change of embedder, and what a citation opens (a PDF page
 * with its lines boxed). The app keeps the same in IndexedDB (browser-storage/records.ts
 * `OriginalFile`), the CLI in its index file (cli/file-store.ts).
 */
export interface Original {
  /** The SHA-256 of `bytes`: the id of the document made from it. */
  id: string;
  name: string;
  /** As the file was given (the browser's type, or the CLI's from its format); may be empty. */
  mime: string;
  /**
   * When it was added to the app's library (epoch ms), which orders the library there. Absent for
   * the CLI's: its index records no times, so a resumed run writes the bytes an uninterrupted one
   * does; the app puts such a document after those it has, in the file's order.
   */
  added?: number;
  bytes: Uint8Array;
}

/** A cluster group with the entries derived from its clusters and RAPTOR nodes. */
export interface GroupRecord {
  group: ClusterGroup;
  entries: Entry[];
  vectors: Float32Array;
  preparse: PreparseRecord[];
  /** As DocumentRecord's. */
  terms?: EntryTerms;
}

export interface IndexSnapshot {
  manifest: IndexManifest;
  /** In the order documents were added (that order is part of the deterministic output). */
  documents: DocumentRecord[];
  groups: GroupRecord[];
  /**
   * Collections: the CLI's (`loci index --collection`) and the app's, one list of one shape, kept
   * in the library file's header; absent in files written before them and in the app's open image
   * (the app keeps its collections beside the library).
   */
  collections?: Collection[];
  /**
   * The documents' original files, each in a block of its own of the library file: every one an
   * app export carries (also those not indexed yet) and every one the CLI indexed. Absent in files
   * without them (written before version 6, the app's open image); never held by the engine.
   */
  originals?: Original[];
  /**
   * The app's own records (its chats and settings, and its library order), as the app wrote them:
   * JSON in UTF-8 (browser-storage/app-records.ts). Core and the CLI neither read nor change them,
   * and a tool that rewrites the file writes them back as they were read.
   */
  appRecords?: Uint8Array;
  /**
   * Records a store found damaged when it loaded them (checksum mismatch): they are not in
   * `documents`, `groups` or `originals`. Absent or empty when everything loaded is intact; never
   * written.
   */
  damage?: Damage[];
  /**
   * The search corpus laid out over these records, as it searched when the snapshot was taken:
   * the app's open image keeps it so a large library opens without laying the records out again.
   */
  corpus?: CorpusImage;
  /**
   * Records stored after the copy that `documents`, `groups` and `corpus` were read from (the
   * app's open image, a few writes behind): the index is that copy with these laid over it, which
   * the search corpus adopts and then applies (Indexer.restore). Never written.
   */
  since?: IndexChanges;
}

/** Documents and groups written or deleted since a copy of the index was made. */
export interface IndexChanges {
  /** Written since, in library order: each replaces the copy's record of it, or is new. */
  documents: DocumentRecord[];
  groups: GroupRecord[];
  /** Deleted since (ids the copy may not hold: written and deleted again since). */
  deletedDocuments: string[];
  deletedGroups: string[];
}
