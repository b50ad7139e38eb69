/** The library as the UI lists it: stored documents and files, with what their jobs are doing. */
import type { DocStatus, LibraryDoc, StorageShortage } from '../../src/protocol/api.ts';
import type { DocumentRecord } from '../../src/core/stored-index/snapshot.ts';
import type { DocumentSummary } from '../../src/browser-storage/idb-index-store.ts';
import { chunkCountOf } from '../../src/core/stored-index/chunks-when-read.ts';

export interface JobView {
  /** No embedding model could be loaded yet, so no index is open. */
  waiting?: boolean;
  running: boolean;
  paused: boolean;
  error?: string;
  /** Its file or index did not fit in the browser's storage. */
  storageFull?: StorageShortage;
  /** Its file is not stored: held by this tab ('kept') or lost with a reload ('lost'). */
  unstored?: LibraryDoc['unstored'];
  /** Its stored records failed their checksums (plain words), until a repair rebuilds them. */
  damage?: string;
  progress?: LibraryDoc['progress'];
  /** Names the same bytes were dropped under again (not added). */
  copies?: string[];
  /** How many clusters (topics) hold its passages, once they are made. */
  topics?: number;
}

export function libraryRow(summary: DocumentSummary, record: DocumentRecord | undefined, job: JobView): LibraryDoc {
  const stage = record?.job.stage ?? summary.job?.stage;
  const row: LibraryDoc = {
    id: summary.id,
    name: record?.doc.name ?? summary.name,
    mime: record?.doc.mime ?? summary.mime,
    size: summary.size,
    language: record?.doc.language ?? summary.language ?? 'other',
    added: summary.added,
    status: statusOf(stage === 'ready', job),
    chunks: record ? chunkCountOf(record) : 0,
  };
  if (stage) row.stage = stage;
  if (job.running && job.progress) row.progress = job.progress;
  if (job.storageFull) row.storageFull = job.storageFull;
  else if (job.error) row.error = job.error;
  if (job.unstored) row.unstored = job.unstored;
  if (job.damage && !job.running) row.damage = job.damage;
  if (record?.doc.pageCount !== undefined) row.pageCount = record.doc.pageCount;
  if (record?.doc.encoding !== undefined) row.encoding = record.doc.encoding;
  if (job.copies?.length) row.copies = job.copies;
  if (job.topics !== undefined) row.topics = job.topics;
  return row;
}

function statusOf(ready: boolean, job: JobView): DocStatus {
  if (job.error || job.storageFull) return 'error';
  if (job.running) return 'indexing';
  if (job.damage) return 'damaged';
  if (ready) return 'ready';
  if (job.paused) return 'paused';
  return job.waiting ? 'waiting' : 'queued';
}
