/**
 * The index revision: a counter that every write transaction touching the index stores bumps
 * inside that same transaction (transaction.ts), so it changes exactly when the stored index does.
 * A copy of the index made at one revision (the open image, open-image.ts) is current while the
 * revision still reads the same, and is never trusted after any write, whoever made it.
 */
import type { IDBPTransaction, StoreNames } from 'idb';
import { INDEX_STORES, type LociSchema } from './records.ts';
import type { LociDb } from './schema.ts';

const KEY = 'indexRevision';

export function touchesIndex(stores: readonly StoreNames<LociSchema>[]): boolean {
  return stores.some((name) => (INDEX_STORES as readonly string[]).includes(name));
}

export async function bumpRevision(tx: IDBPTransaction<LociSchema, ['meta'], 'readwrite'>): Promise<void> {
  const meta = tx.objectStore('meta');
  const current = (await meta.get(KEY))?.value ?? 0;
  await meta.put({ key: KEY, value: current + 1 });
}

export async function readRevision(db: LociDb): Promise<number> {
  return (await db.get('meta', KEY))?.value ?? 0;
}
