/**
 * The writes to the index since its open image was saved, one record per index revision
 * (`indexChanges`, written in the same transaction as the revision it makes): which documents and
 * cluster groups each wrote or deleted. An image a few writes behind the records is then brought
 * up to date by reading those records alone. Before, any write made the image useless until the
 * next save, and a tab closed while a document was indexing (no image is saved meanwhile) reopened
 * a large library by reading every record, several times slower than from the image and the
 * records written since (docs/decisions/2026-11-27-image-a-few-writes-behind.md).
 */
import type { IDBPTransaction, StoreNames } from 'idb';
import type { LociSchema, StoredChange } from './records.ts';
import type { LociDb } from './schema.ts';

/**
 * What a write transaction tells of its changes: filled by the work while it writes. A write over
 * the index without one is logged as changing the whole index, so the next open reads every record.
 */
export interface ChangedOwners {
  documents: Set<string>;
  groups: Set<string>;
}

export function changedOwners(): ChangedOwners {
  return { documents: new Set(), groups: new Set() };
}

export async function logChange(tx: IDBPTransaction<LociSchema, ['indexChanges'], 'readwrite'>, revision: number, changed: ChangedOwners | undefined): Promise<void> {
  const record: StoredChange = changed ? { revision, documents: [...changed.documents], groups: [...changed.groups] } : { revision, whole: true };
  await tx.objectStore('indexChanges').put(record);
}

/**
 * The documents and groups written or deleted after revision `from` up to `to`, when every write
 * between them is logged and told in records; undefined otherwise (a write logged as whole, or
 * one made before the log existed or already forgotten): then only reading every record will do.
 */
export async function changesBetween(
  tx: IDBPTransaction<LociSchema, StoreNames<LociSchema>[], 'readonly'>,
  from: number,
  to: number,
): Promise<ChangedOwners | undefined> {
  if (!(to > from)) return undefined;
  // at most the writes of one session: the log is forgotten up to each image saved
  const logged = (await tx.objectStore('indexChanges').getAll()).filter((c) => c.revision > from && c.revision <= to);
  if (logged.length !== to - from) return undefined;
  const changed = changedOwners();
  for (const change of logged) {
    if ('whole' in change) return undefined;
    for (const id of change.documents) changed.documents.add(id);
    for (const id of change.groups) changed.groups.add(id);
  }
  return changed;
}

/** Drops the log up to `revision`: what an image saved at it, or a read of every record, has seen. */
export async function forgetChangesThrough(db: LociDb, revision: number): Promise<void> {
  const tx = db.transaction('indexChanges', 'readwrite');
  const store = tx.objectStore('indexChanges');
  for (const key of await store.getAllKeys()) if (key <= revision) await store.delete(key);
  await tx.done;
}
