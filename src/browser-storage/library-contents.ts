/** Everything in the database: what an export holds and an import writes. */
import type { IndexRecords } from './read-records.ts';
import type { OriginalFile, StoredChat, StoredCollection, StoredSetting } from './records.ts';
import type { IndexSnapshot } from '../core/stored-index/snapshot.ts';

export interface LibraryContents extends IndexRecords {
  /** Each with its bytes: a file carries them in one piece, whatever the stores split. */
  originals: OriginalFile[];
  collections: StoredCollection[];
  chats: StoredChat[];
  settings: StoredSetting[];
  /**
   * The index as the file was decoded, when it is a library file (an older zip export has none):
   * an import that leaves the stored index exactly the file's opens it from this instead of
   * reading back what it has just written.
   */
  index?: IndexSnapshot;
}
