export { encodeIndex, decodeIndex, IndexFormatError } from './binary-format.ts';
export { createManifest, assertSameEmbedder, IndexMismatchError, FORMAT_VERSION, DEFAULT_SETTINGS, type ManifestSettings } from './manifest.ts';
export { MemoryIndexStore } from './memory-store.ts';
export type { DocumentRecord, GroupRecord, IndexSnapshot } from './snapshot.ts';
