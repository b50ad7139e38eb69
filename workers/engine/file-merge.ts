/**
 * A library file, read and checked whole (readLibraryFile), merged into the library; the index
 * opens again to see what came in. Into a library that holds nothing yet (a site's first visit) the
 * index opens from the file before its records are written (open-then-write.ts); otherwise the
 * records are written first, and `onSearchable` is not told: the import's end says both. A file
 * searched before it is written may be kept ahead of its records (`keep`, pending-import.ts).
 */
import type { LociEngine } from '../../src/core/engine/engine.ts';
import { importLibraryContents, type ImportOptions, type ImportReport, type LibraryFileRead } from '../../src/browser-storage/export.ts';
import { dropPendingImport, journalImport } from '../../src/browser-storage/pending-import.ts';
import type { IndexOpener } from './index-open.ts';
import { openThenWrite } from './open-then-write.ts';
import { timeSlices } from './time-slices.ts';
import type { Workspace } from './workspace.ts';

/** The embedder a library file must have been made by to merge. */
export type EmbedderFacts = Pick<LociEngine['manifest']['embedder'], 'id' | 'dimension'>;

export interface MergeOptions {
  onSearchable?: () => void;
  /** The file is a site's library (ImportOptions.site), stored with its collection and its update in one transaction. */
  site?: ImportOptions['site'];
  /**
   * The file's bytes as read: when it is searched before it is stored, they are put first as the
   * pending import, and `onKept` is told once that is committed and the records' write is issued
   * behind it (open-then-write.ts), the records still being written. Otherwise the import's end
   * says it is kept.
   */
  keep?: { bytes: Uint8Array; onKept: () => void };
}

/** Run one at a time with the index's opens (IndexHost's lock); `embedder`: the open index's when the import was asked for. */
export async function mergeLibraryFile(ws: Workspace, opener: IndexOpener, embedder: EmbedderFacts, file: LibraryFileRead, options: MergeOptions = {}): Promise<ImportReport> {
  const { onSearchable, site, keep } = options;
  const { library } = ws;
  await library.queue.halt();
  const importing: ImportOptions = { mode: 'merge', embedder: { id: embedder.id, dimension: embedder.dimension }, ...(site ? { site } : {}) };
  // its records made in time slices: behind a library searched already, on a first import
  const write = async (journaled?: boolean, onIssued?: () => void) => {
    const report = await importLibraryContents(ws.store.db, await file.contents(timeSlices()), { ...importing, ...(journaled ? { journaled } : {}) }, onIssued);
    // the records are gone with the transaction; their vectors kept in files go after it
    if (report.deleted) await ws.store.forgetVectorFiles(report.deleted);
    return report;
  };
  let report: ImportReport;
  const sameEmbedder = file.manifest?.embedder.id === embedder.id && file.manifest.embedder.dimension === embedder.dimension;
  // (another embedder's file is refused by the write, before anything is opened)
  if (file.index && sameEmbedder && holdsNothing(ws, opener.engine)) {
    const { db } = ws.store;
    const ahead = keep && { journal: () => journalImport(db, keep.bytes, importing), drop: () => dropPendingImport(db), onKept: keep.onKept };
    report = await openThenWrite(ws, opener, file.index, write, onSearchable, ahead);
  } else {
    try {
      report = await write();
    } catch (error) {
      // Refused before anything was written: the open index is still the whole library.
      library.resumeJobs();
      throw error;
    }
    await ws.collections.changed();
    // stored exactly as the file holds it: opened from the file as decoded, not read back
    const read = report.indexIsFile && file.index ? { snapshot: ws.store.loaded(file.index), since: performance.now() } : undefined;
    await opener.open(ws, ws.settings.value, { reopen: true, ...(read ? { read } : {}) });
  }
  // The library changed by more than the calibration tolerates: its hybrid weight is
  // calibrated now, in the background, as after indexing, not by the first question.
  opener.engine?.fusionWeight().catch(() => undefined);
  return report;
}

/** Whether the open library holds nothing: no document (indexed, queued or shown) and no entry. */
export function holdsNothing(ws: Workspace, engine: LociEngine | undefined): boolean {
  return engine !== undefined && engine.entryCount === 0 && engine.documents.length === 0 && ws.library.rows().length === 0;
}
