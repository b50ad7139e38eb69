/**
 * The index opened from a library file's index (as decoded) before its records are made and
 * written: what the library will hold once they are (importLibraryContents stores such a file
 * exactly). Searched meanwhile; nothing else writes (the jobs halted, the image saver held).
 * Measured at 100k entries: docs/decisions/2026-12-02-site-library-visit.md.
 */
import type { ImportReport } from '../../src/browser-storage/export.ts';
import { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import type { IndexSnapshot } from '../../src/core/stored-index/snapshot.ts';
import type { IndexOpener } from './index-open.ts';
import type { Workspace } from './workspace.ts';

/** The file put ahead of its records as the pending import (pending-import.ts), and who is told once it is kept. */
export interface KeepAhead {
  /** Puts it: true once committed. */
  journal: () => Promise<boolean>;
  /** Deletes it: the write failed before it was said to be kept. */
  drop: () => Promise<void>;
  onKept: () => void;
}

/**
 * `write(journaled, onIssued)` stores the file's records (deleting the pending import when
 * `journaled`), telling `onIssued` once its transaction is created.
 */
export type RecordsWrite = (journaled?: boolean, onIssued?: () => void) => Promise<ImportReport>;

/**
 * `onSearchable` is told once the file's index is open and listed; a write that fails opens the
 * library again as stored, and throws. With `keep`, the file is put as the pending import while
 * the index opens from it, and `keep.onKept` told when that is committed and the records' transaction is
 * created behind it: a tab closed from then on reopens with the file stored (pending-import.ts),
 * and anything asked of the stores meanwhile runs after the records' transaction.
 */
export async function openThenWrite(ws: Workspace, opener: IndexOpener, index: IndexSnapshot, write: RecordsWrite, onSearchable?: () => void, keep?: KeepAhead): Promise<ImportReport> {
  const { library } = ws;
  // an image made now would hold what a write that fails never stored
  const letImageGo = ws.image.hold();
  // its one put, kept apart from the database, is written while the index opens from the file (which
  // reads nothing stored): put after it, a question asked once searchable waited behind the put
  const journaled = keep?.journal();
  try {
    try {
      await opener.open(ws, ws.settings.value, { reopen: true, read: { snapshot: ws.store.loaded(index), since: performance.now() } });
    } catch (error) {
      if (journaled) await journaled.then(() => keep?.drop());
      throw error;
    }
    // the open resumed the jobs: none may write before the file's records are in
    await library.queue.halt();
    // listed from the file in its order: the rows read back would wait for the write
    library.showAhead(IdbIndexStore.summariesOf(index, performance.timeOrigin + performance.now()));
    onSearchable?.();
    let kept = false;
    const tellKept = () => {
      if (kept) return;
      kept = true;
      keep?.onKept();
    };
    let report: ImportReport;
    try {
      report = await write(journaled !== undefined, journaled && (() => void journaled.then((put) => put && tellKept())));
      tellKept();
    } catch (error) {
      // none of its records were stored: the library opens (and is listed) again as it is stored.
      // A file said to be kept stays pending, and the next start stores it (pending-import.ts); one
      // not yet said to be is dropped, so that a write failing for good is not tried at every start
      if (journaled && !kept) await journaled.then(() => keep?.drop());
      await opener.open(ws, ws.settings.value, { reopen: true });
      await ws.collections.changed();
      throw error;
    }
    await library.refresh();
    await ws.collections.changed();
    // someone else's records came in meanwhile after all: the index is read as stored
    if (!report.indexIsFile) await opener.open(ws, ws.settings.value, { reopen: true });
    return report;
  } finally {
    letImageGo();
    if (opener.engine) library.resumeJobs();
  }
}
