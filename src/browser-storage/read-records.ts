/**
 * The stored index records, read as they are (no vectors decoded), in library order. Loading the
 * index and exporting the library both start from this read, inside a transaction of their own
 * that covers at least INDEX_STORES.
 */
import type { IDBPTransaction, StoreNames } from 'idb';
import type { IndexManifest } from '../core/types.ts';
import { MANIFEST_KEY, type LociSchema, type StoredChunks, type StoredDocument, type StoredEntries, type StoredGroup } from './records.ts';
import type { LociDb } from './schema.ts';

export type ReadTransaction = IDBPTransaction<LociSchema, StoreNames<LociSchema>[], 'readonly'>;

export interface IndexRecords {
  manifest: IndexManifest | undefined;
  documents: StoredDocument[];
  chunks: StoredChunks[];
  entries: StoredEntries[];
  groups: StoredGroup[];
}

export async function readIndexRecords(tx: ReadTransaction): Promise<IndexRecords> {
  const [manifest, documents, chunks, entries, groups] = await Promise.all([
    tx.objectStore('manifest').get(MANIFEST_KEY),
    tx.objectStore('documents').index('by-added').getAll(),
    tx.objectStore('chunks').getAll(),
    tx.objectStore('entries').getAll(),
    tx.objectStore('groups').index('by-added').getAll(),
  ]);
  return { manifest, documents, chunks, entries, groups };
}

/** A read-only transaction over `stores`, typed so readIndexRecords accepts it. */
export function readTransaction(db: LociDb, stores: readonly StoreNames<LociSchema>[]): ReadTransaction {
  const names: StoreNames<LociSchema>[] = [...stores];
  return db.transaction(names, 'readonly');
}
