/** Everything in the database: what an export holds and an import writes. */
import type { IndexRecords } from './read-records.ts';
import type { OriginalFile, StoredChat, StoredCollection, StoredSetting } from './records.ts';

export interface LibraryContents extends IndexRecords {
  /** Each with its bytes: a file carries them in one piece, whatever the stores split. */
  originals: OriginalFile[];
  collections: StoredCollection[];
  chats: StoredChat[];
  settings: StoredSetting[];
}
