/** Everything in the database, store by store: what an export holds and an import writes. */
import type { IndexManifest } from '../core/types.ts';
import type {
  StoredChat,
  StoredChunks,
  StoredDocument,
  StoredEntries,
  StoredGroup,
  StoredOriginal,
  StoredSetting,
} from './records.ts';

export interface LibraryContents {
  manifest: IndexManifest | undefined;
  documents: StoredDocument[];
  originals: StoredOriginal[];
  chunks: StoredChunks[];
  entries: StoredEntries[];
  groups: StoredGroup[];
  chats: StoredChat[];
  settings: StoredSetting[];
}
