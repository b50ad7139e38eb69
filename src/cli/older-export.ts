/**
 * An export of an older version of the app (a zip, browser-storage/library-file.ts), read as the
 * library file it would be today: what `loci convert` writes, and what ask and inspect read in
 * its place. The reading and checking are the app's own import's, so the CLI accepts exactly the
 * files the app does.
 */
import type { IndexSnapshot } from '../core/stored-index/snapshot.ts';
import { decodeLibrary, isOlderExport, LibraryFileError } from '../browser-storage/library-file.ts';
import { DamagedLibraryError, snapshotOfLibrary } from '../browser-storage/library-snapshot.ts';

export { isOlderExport };

/** An older export that cannot be used here: unreadable, or a command that would rewrite it. */
export class OlderExportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OlderExportError';
  }
}

/** The command that converts `file`, for messages. */
export function convertHint(file: string): string {
  return `loci convert ${file} --out ${file.replace(/\.zip$/i, '')}.loci`;
}

/** The library the older export holds, as a library file's snapshot; OlderExportError naming what is wrong. */
export async function snapshotOfOlderExport(file: string, bytes: Uint8Array): Promise<IndexSnapshot> {
  try {
    return await snapshotOfLibrary(await decodeLibrary(bytes));
  } catch (error) {
    if (error instanceof LibraryFileError || error instanceof DamagedLibraryError) throw new OlderExportError(`${file}: ${error.message}`);
    throw error;
  }
}
