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

/** The whole log: at most the writes of one session, since it is forgotten up to each image saved. */
export function readChangeLog(tx: IDBPTransaction<LociSchema, StoreNames<LociSchema>[], 'readonly'>): Promise<StoredChange[]> {
  return tx.objectStore('indexChanges').getAll();
}

/**
 * The documents and groups written or deleted after revision `from` up to `to`, when every write
 * between them is logged and told in records; undefined otherwise (a write logged as whole, or
 * one made before the log existed or already forgotten): then only reading every record will do.
 */
export function ownersBetween(log: readonly StoredChange[], from: number, to: number): ChangedOwners | undefined {
  if (!(to > from)) return undefined;
  const logged = log.filter((c) => c.revision > from && c.revision <= to);
  if (logged.length !== to - from) return undefined;
  const changed = changedOwners();
  for (const change of logged) {
    if ('whole' in change) return undefined;
    for (const id of change.documents) changed.documents.add(id);
    for (const id of change.groups) changed.groups.add(id);
  }
  return changed;
}

/** Whether two sets of changed owners name the same documents and groups. */
export function sameOwners(a: ChangedOwners, b: ChangedOwners): boolean {
  const same = (x: Set<string>, y: Set<string>) => x.size === y.size && [...x].every((id) => y.has(id));
  return same(a.documents, b.documents) && same(a.groups, b.groups);
}

/** Drops the log up to `revision`: what an image saved at it, or a read of every record, has seen. */
export async function forgetChangesThrough(db: LociDb, revision: number): Promise<void> {
  const tx = db.transaction('indexChanges', 'readwrite');
  const store = tx.objectStore('indexChanges');
  for (const key of await store.getAllKeys()) if (key <= revision) await store.delete(key);
  await tx.done;
}
