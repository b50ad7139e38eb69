/**
 * A read-write transaction that is all or nothing: if the work throws, the transaction is
 * aborted so no write it already issued survives.
 */
import type { IDBPTransaction, StoreNames } from 'idb';
import type { LociSchema } from './records.ts';
import type { LociDb } from './schema.ts';
import { bumpRevision, touchesIndex } from './revision.ts';

export type WriteTransaction<S extends StoreNames<LociSchema>[]> = IDBPTransaction<LociSchema, S, 'readwrite'>;

/**
 * `work` must await every request it makes (no fire-and-forget): a request left pending when the
 * transaction aborts would reject with nobody listening. A transaction over any index store also
 * bumps the index revision (revision.ts), in the same transaction, so no writer can forget to.
 */
export async function inWriteTransaction<S extends StoreNames<LociSchema>[], R>(
  db: LociDb,
  stores: S,
  work: (tx: WriteTransaction<S>) => Promise<R>,
): Promise<R> {
  const bump = touchesIndex(stores);
  // the transaction is over `stores` and `meta`; `work` sees it typed for the stores it asked for
  const tx = db.transaction(bump ? [...stores, 'meta'] : stores, 'readwrite') as unknown as WriteTransaction<S>;
  let result: R;
  try {
    result = await work(tx);
    if (bump) await bumpRevision(tx as unknown as WriteTransaction<['meta']>);
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
