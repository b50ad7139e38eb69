/**
 * A read-write transaction that is all or nothing: if the work throws, the transaction is
 * aborted so no write it already issued survives.
 */
import type { IDBPTransaction, StoreNames } from 'idb';
import type { LociSchema } from './records.ts';
import type { LociDb } from './schema.ts';

export type WriteTransaction<S extends StoreNames<LociSchema>[]> = IDBPTransaction<LociSchema, S, 'readwrite'>;

/**
 * `work` must await every request it makes (no fire-and-forget): a request left pending when the
 * transaction aborts would reject with nobody listening.
 */
export async function inWriteTransaction<S extends StoreNames<LociSchema>[], R>(
  db: LociDb,
  stores: S,
  work: (tx: WriteTransaction<S>) => Promise<R>,
): Promise<R> {
  const tx = db.transaction(stores, 'readwrite');
  let result: R;
  try {
    result = await work(tx);
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // the transaction had already aborted itself (a failed request)
    }
    await tx.done.catch(() => undefined);
    throw error;
  }
  await tx.done;
  return result;
}
