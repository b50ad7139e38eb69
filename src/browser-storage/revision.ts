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

/** Returns the revision the transaction makes. */
export async function bumpRevision(tx: IDBPTransaction<LociSchema, ['meta'], 'readwrite'>): Promise<number> {
  const meta = tx.objectStore('meta');
  const current = (await meta.get(KEY))?.value ?? randomStart();
  await meta.put({ key: KEY, value: current + 1 });
  return current + 1;
}

/**
 * Where a database's count begins: at random, so that a database deleted and made again (its
 * image file left behind) never reaches the revision an old image was made at. Below 2^52, so the
 * count stays an exact f64 in the image's header.
 */
function randomStart(): number {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high % 2 ** 20) * 2 ** 32 + low;
}

export async function readRevision(db: LociDb): Promise<number> {
  return (await db.get('meta', KEY))?.value ?? 0;
}

/** The revision as a transaction over `meta` sees it. */
export async function revisionIn(tx: IDBPTransaction<LociSchema, StoreNames<LociSchema>[], 'readonly'>): Promise<number> {
  return (await tx.objectStore('meta').get(KEY))?.value ?? 0;
}
