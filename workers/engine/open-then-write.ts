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

/**
 * `onSearchable` is told once the file's index is open and listed; a write that fails opens the
 * library again as stored, and throws.
 */
export async function openThenWrite(ws: Workspace, opener: IndexOpener, index: IndexSnapshot, write: () => Promise<ImportReport>, onSearchable?: () => void): Promise<ImportReport> {
  const { library } = ws;
  // an image made now would hold what a write that fails never stored
  const letImageGo = ws.image.hold();
  try {
    await opener.open(ws, ws.settings.value, { reopen: true, read: { snapshot: ws.store.loaded(index), since: performance.now() } });
    // the open resumed the jobs: none may write before the file's records are in
    await library.queue.halt();
    // listed from the file in its order: the rows read back would wait for the write
    library.showAhead(IdbIndexStore.summariesOf(index, performance.timeOrigin + performance.now()));
    onSearchable?.();
    let report: ImportReport;
    try {
      report = await write();
    } catch (error) {
      // nothing of the file was stored: the library opens (and is listed) again as it is stored
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
