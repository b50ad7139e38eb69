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
   * The CLI's collections (`loci index --collection`), kept in its index file; absent in files
   * written before them and in the app's (which keeps its collections beside the library).
   */
  collections?: Collection[];
  /**
   * Records a store found damaged when it loaded them (checksum mismatch): they are not in
   * `documents` or `groups`. Absent or empty when everything loaded is intact; never written.
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
