/**
 * The stored index records, read as they are (no vectors decoded), in library order. Loading the
 * index and exporting the library both start from this read, inside a transaction of their own
 * that covers at least INDEX_STORES.
 */
import type { IDBPTransaction, StoreNames } from 'idb';
import type { IndexManifest } from '../core/types.ts';
import { MANIFEST_KEY, type LociSchema, type StoredChunks, type StoredDocument, type StoredEntries, type StoredGroup } from './records.ts';
import type { LociDb } from './schema.ts';
import { docOwner, groupOwner } from './owner-key.ts';
import { inAddedOrder } from './added-clock.ts';

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

/**
 * The records of some documents and groups (those written since the open image, index-changes.ts),
 * as readIndexRecords reads all; an id without a record now was deleted.
 */
export async function readOwnedRecords(tx: ReadTransaction, ids: { documents: Iterable<string>; groups: Iterable<string> }): Promise<IndexRecords> {
  const present = <T>(values: (T | undefined)[]): T[] => values.filter((v): v is T => v !== undefined);
  const documentIds = [...ids.documents];
  const groupIds = [...ids.groups];
  const [manifest, documents, chunks, docEntries, groups, groupEntries] = await Promise.all([
    tx.objectStore('manifest').get(MANIFEST_KEY),
    Promise.all(documentIds.map((id) => tx.objectStore('documents').get(id))),
    Promise.all(documentIds.map((id) => tx.objectStore('chunks').get(id))),
    Promise.all(documentIds.map((id) => tx.objectStore('entries').get(docOwner(id)))),
    Promise.all(groupIds.map((id) => tx.objectStore('groups').get(id))),
    Promise.all(groupIds.map((id) => tx.objectStore('entries').get(groupOwner(id)))),
  ]);
  return {
    manifest,
    documents: present(documents).sort(inAddedOrder((r) => r.doc.id)),
    chunks: present(chunks),
    entries: [...present(docEntries), ...present(groupEntries)],
    groups: present(groups).sort(inAddedOrder((r) => r.group.id)),
  };
}

/** A read-only transaction over `stores`, typed so readIndexRecords accepts it. */
export function readTransaction(db: LociDb, stores: readonly StoreNames<LociSchema>[]): ReadTransaction {
  const names: StoreNames<LociSchema>[] = [...stores];
  return db.transaction(names, 'readonly');
}
