/**
 * Collections beside the library: named sets of documents (core/engine/scope.ts). Each change
 * reads and writes in one transaction, so two tabs' or two clicks' changes never undo each other.
 */
import type { IDBPObjectStore } from 'idb';
import type { LociSchema, StoredCollection } from './records.ts';
import type { LociDb } from './schema.ts';
import { inWriteTransaction } from './transaction.ts';

/** A collection name that is blank, or taken by another collection. */
export class CollectionNameError extends Error {
  override name = 'CollectionNameError';
}

/** Oldest first. */
export async function listCollections(db: LociDb): Promise<StoredCollection[]> {
  return db.getAllFromIndex('collections', 'by-created');
}

/**
 * A new collection of these documents; a name already taken (ignoring case) gets its documents
 * added instead, so dropping a folder twice fills one collection, not two of one name.
 */
export async function createCollection(db: LociDb, name: string, docIds: readonly string[] = [], now: number = Date.now()): Promise<StoredCollection> {
  const title = checkedName(name);
  return inWriteTransaction(db, ['collections'], async (tx) => {
    const store = tx.objectStore('collections');
    const same = (await store.getAll()).find((c) => sameName(c.name, title));
    const collection = same ? { ...same, docIds: union(same.docIds, docIds) } : { id: crypto.randomUUID(), name: title, docIds: union([], docIds), created: now };
    await store.put(collection);
    return collection;
  });
}

export async function renameCollection(db: LociDb, id: string, name: string): Promise<void> {
  const title = checkedName(name);
  await change(db, id, async (collection, store) => {
    const taken = (await store.getAll()).some((c) => c.id !== id && sameName(c.name, title));
    if (taken) throw new CollectionNameError(`a collection is already named “${title}”`);
    return { ...collection, name: title };
  });
}

/** Adds (`add`) or takes out documents; a document in it already stays where it is. */
export async function setInCollection(db: LociDb, id: string, docIds: readonly string[], add: boolean): Promise<void> {
  await change(db, id, (collection) => ({ ...collection, docIds: add ? union(collection.docIds, docIds) : collection.docIds.filter((d) => !docIds.includes(d)) }));
}

/** Deletes the collection, not its documents. */
export async function deleteCollection(db: LociDb, id: string): Promise<void> {
  await db.delete('collections', id);
}

/** A document that left the library leaves every collection. */
export async function leaveCollections(db: LociDb, docId: string): Promise<void> {
  await inWriteTransaction(db, ['collections'], async (tx) => {
    const store = tx.objectStore('collections');
    for (const collection of await store.getAll()) {
      if (collection.docIds.includes(docId)) await store.put({ ...collection, docIds: collection.docIds.filter((d) => d !== docId) });
    }
  });
}

type CollectionStore = IDBPObjectStore<LociSchema, ['collections'], 'collections', 'readwrite'>;

/**
 * An imported collection: a merge joins it with the one stored under its id (their documents
 * together), a replace (which emptied the store first) puts it as it is.
 */
export async function putImportedCollection(store: Pick<CollectionStore, 'get' | 'put'>, collection: StoredCollection, mode: 'merge' | 'replace'): Promise<void> {
  const stored = mode === 'merge' ? await store.get(collection.id) : undefined;
  await store.put(stored ? { ...stored, docIds: union(stored.docIds, collection.docIds) } : collection);
}

async function change(db: LociDb, id: string, edit: (collection: StoredCollection, store: CollectionStore) => StoredCollection | Promise<StoredCollection>): Promise<void> {
  await inWriteTransaction(db, ['collections'], async (tx) => {
    const store = tx.objectStore('collections');
    const collection = await store.get(id);
    if (!collection) throw new Error('this collection was deleted');
    await store.put(await edit(collection, store));
  });
}

function checkedName(name: string): string {
  const title = name.trim();
  if (!title) throw new CollectionNameError('a collection needs a name');
  return title;
}

function sameName(a: string, b: string): boolean {
  return a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
}

function union(have: readonly string[], more: readonly string[]): string[] {
  return [...new Set([...have, ...more])];
}
