/**
 * The files `loci index` and `loci repair` read, kept in the library file as their documents'
 * originals (file-store.ts `keepOriginal`): the app imports them with the index, so a citation
 * opens its PDF page, and `loci repair` indexes a damaged document again from its own copy.
 */
import { identify } from '../core/ingest/detect.ts';
import { MIME_TYPES } from '../core/ingest/index.ts';
import { sha256Hex } from '../core/util/hash.ts';
import type { FileIndexStore } from './file-store.ts';

export async function keepOriginals(store: FileIndexStore, files: readonly { name: string; bytes: Uint8Array }[]): Promise<void> {
  for (const { name, bytes } of files) await store.keepOriginal({ id: await sha256Hex(bytes), name, mime: typeOf(name, bytes), bytes });
}

/** The type of the file's format as Loci detects it; empty for one it cannot read (refused, so never written). */
function typeOf(name: string, bytes: Uint8Array): string {
  try {
    return MIME_TYPES[identify(name, bytes).format];
  } catch {
    return '';
  }
}
