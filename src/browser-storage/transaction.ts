/**
 * A read-write transaction that is all or nothing: if the work throws, the transaction is
 * aborted so no write it already issued survives.
 */
import type { IDBPTransaction, StoreNames } from 'idb';
import type { LociSchema } from './records.ts';
import type { LociDb } from './schema.ts';
import { bumpRevision, touchesIndex } from './revision.ts';
import { logChange, type ChangedOwners } from './index-changes.ts';

export type WriteTransaction<S extends StoreNames<LociSchema>[]> = IDBPTransaction<LociSchema, S, 'readwrite'>;

/**
 * `work` must await every request it makes (no fire-and-forget): a request left pending when the
 * transaction aborts would reject with nobody listening. A transaction over any index store also
 * bumps the index revision (revision.ts) and logs what it changed (index-changes.ts), in the same
 * transaction, so no writer can forget to: `changed`, filled by `work`, names the documents and
 * groups it wrote or deleted; without it the write counts as a change of the whole index.
 */
export async function inWriteTransaction<S extends StoreNames<LociSchema>[], R>(
  db: LociDb,
  stores: S,
  work: (tx: WriteTransaction<S>) => Promise<R>,
  changed?: ChangedOwners,
): Promise<R> {
  const bump = touchesIndex(stores);
  // the transaction is over `stores`, `meta` and `indexChanges`; `work` sees it typed for the stores it asked for
  const tx = db.transaction(bump ? [...stores, 'meta', 'indexChanges'] : stores, 'readwrite') as unknown as WriteTransaction<S>;
  let result: R;
  try {
    result = await work(tx);
    if (bump) await logChange(tx as unknown as WriteTransaction<['indexChanges']>, await bumpRevision(tx as unknown as WriteTransaction<['meta']>), changed);
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
