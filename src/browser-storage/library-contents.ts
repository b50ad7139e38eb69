/** Everything in the database: what an export holds and an import writes. */
import type { IndexRecords } from './read-records.ts';
import type { OriginalFile, StoredChat, StoredCollection, StoredSetting } from './records.ts';
import type { IndexSnapshot } from '../core/stored-index/snapshot.ts';
import type { IndexManifest } from '../core/types.ts';
import type { Breathe } from '../core/stored-index/binary-format.ts';

export interface LibraryContents extends IndexRecords {
  /** Each with its bytes: a file carries them in one piece, whatever the stores split. */
  originals: OriginalFile[];
  collections: StoredCollection[];
  chats: StoredChat[];
  settings: StoredSetting[];
}

/** A library file read and checked whole (export.ts readLibraryFile). */
export interface LibraryFileRead {
  /**
   * The index as the file was decoded, when it is a library file (an older zip export has none):
   * an import that leaves the stored index exactly the file's opens it from this instead of
   * reading back what it has just written.
   */
  index?: IndexSnapshot;
  /** The index's manifest, as `contents()` will hold it (none for a file that holds no index). */
  manifest: IndexManifest | undefined;
  /** Its documents' ids, in the file's order. */
  documentIds: string[];
  /**
   * Its records as IndexedDB stores them, made at the first call: for a library file, each
   * record's checksum and its vectors encoded as stored (most of a second for a large library), which a first
   * import makes behind a library it already searches (IndexHost.importContents), awaiting
   * `breathe` between records.
   */
  contents(breathe?: Breathe): Promise<LibraryContents>;
}
