/** The storage layer's public surface, for src/client and the workers. */
export { IdbIndexStore, type DocumentSummary, type OriginalFile } from './idb-index-store.ts';
export { openLociDb, deleteLociDb, type OpenOptions } from './open.ts';
export { DB_NAME, DB_VERSION, MIGRATIONS, type LociDb, type Migration } from './schema.ts';
export { appendMessage, createChat, deleteChat, getChat, listChats, renameChat, type ChatSummary, type NewMessage } from './chats.ts';
export { Settings, type SettingsShape } from './settings.ts';
export {
  EmbedderMismatchError,
  exportLibrary,
  importLibrary,
  LibraryFileError,
  type ImportOptions,
  type ImportReport,
} from './export.ts';
export {
  formatBytes,
  requestPersistence,
  storageReport,
  type PersistenceResult,
  type StorageNavigator,
  type StorageReport,
} from './quota.ts';
export type { StoredChat, StoredMessage, StoredSource } from './records.ts';
