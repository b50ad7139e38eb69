/**
 * A library file put whole, as one record, before its records are written: the write-ahead that
 * makes a site's first visit kept as soon as that one put is
 * (docs/decisions/2026-12-07-visit-stored-as-the-file.md). A value that large is kept apart from
 * the database and costs about one put, where the records made of it are thousands, each paid per
 * put and per byte. The transaction that writes those records deletes it
 * (ImportOptions.journaled), so the two are never both kept, nor neither; an open that finds it (a
 * tab closed in between) stores it before anything is read (IdbIndexStore.open).
 */
import { EmbedderMismatchError, importLibraryContents, LibraryFileError, readLibraryFile, type ImportOptions, type ImportReport } from './export.ts';
import { PENDING_IMPORT_KEY, type StoredPendingImport } from './records.ts';
import type { LociDb } from './schema.ts';
import { inWriteTransaction } from './transaction.ts';

/**
 * Puts `bytes` (a library file read and checked whole by readLibraryFile) as the pending import,
 * to be imported with `options`: true once that is committed, false when it could not be (a full
 * disk): the import is then kept only once its records are.
 */
export async function journalImport(db: LociDb, bytes: Uint8Array, options: ImportOptions): Promise<boolean> {
  const { mode, embedder, site } = options;
  const pending: StoredPendingImport = { bytes: wholeBuffer(bytes), options: { mode, ...(embedder ? { embedder } : {}), ...(site ? { site } : {}) } };
  try {
    await inWriteTransaction(db, ['pendingImport'], async (tx) => {
      await tx.objectStore('pendingImport').put(pending, PENDING_IMPORT_KEY);
    });
    return true;
  } catch (error) {
    console.warn(`Loci: the library file could not be kept ahead of its records (${error instanceof Error ? error.message : String(error)}); it is kept once they are written`);
    return false;
  }
}

/** Deletes the pending import: its write failed before the import was said to be kept. */
export async function dropPendingImport(db: LociDb): Promise<void> {
  await db.delete('pendingImport', PENDING_IMPORT_KEY).catch(() => undefined);
}

/**
 * The pending import, if an earlier tab left one, stored as it would have been (one transaction,
 * which deletes it). A file this app refuses (it was checked when put, so only an app that reads
 * it otherwise would) is dropped, and the library opens as stored; any other failure (a full disk)
 * leaves it for the next open. Returns the import's report, if one was stored.
 */
export async function finishPendingImport(db: LociDb): Promise<ImportReport | undefined> {
  const pending = await db.get('pendingImport', PENDING_IMPORT_KEY);
  if (!pending) return undefined;
  try {
    const file = await readLibraryFile(new Uint8Array(pending.bytes));
    return await importLibraryContents(db, await file.contents(), { ...pending.options, journaled: true });
  } catch (error) {
    const refused = error instanceof LibraryFileError || error instanceof EmbedderMismatchError;
    console.warn(`Loci: a library file left to store by an earlier visit could not be stored (${error instanceof Error ? error.message : String(error)}); ${refused ? 'it was dropped' : 'it is tried again at the next start'}`);
    if (refused) await dropPendingImport(db);
    return undefined;
  }
}

/** The file's bytes as one ArrayBuffer, not copied when the view is its whole buffer (the clone into IndexedDB copies it). */
function wholeBuffer(bytes: Uint8Array): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = bytes;
  return buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength ? buffer : (bytes.slice().buffer as ArrayBuffer);
}
