/**
 * Collections beside the library: named sets of documents (core/engine/scope.ts). Each change
 * reads and writes in one transaction, so two tabs' or two clicks' changes never undo each other.
 */
import type { IDBPObjectStore } from 'idb';
import { collectionNamed, withDocuments } from '../core/engine/scope.ts';
import { claimedOwn, siteCollection } from '../core/engine/site-library.ts';
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

/** A new collection of these documents, or the one of that name with them put in (core's collectionNamed). */
export async function createCollection(db: LociDb, name: string, docIds: readonly string[] = [], now: number = Date.now()): Promise<StoredCollection> {
  const title = checkedName(name);
  return inWriteTransaction(db, ['collections'], async (tx) => {
    const store = tx.objectStore('collections');
    const same = collectionNamed(await store.getAll(), title);
    const collection = withDocuments(same ?? { id: crypto.randomUUID(), name: title, docIds: [], created: now }, docIds);
    await store.put(collection);
    return collection;
  });
}

export async function renameCollection(db: LociDb, id: string, name: string): Promise<void> {
  const title = checkedName(name);
  await change(db, id, async (collection, store) => {
    const taken = collectionNamed((await store.getAll()).filter((c) => c.id !== id), title);
    if (taken) throw new CollectionNameError(`a collection is already named “${title}”`);
    return { ...collection, name: title };
  });
}

/** Adds (`add`) or takes out documents; a document in it already stays where it is. */
export async function setInCollection(db: LociDb, id: string, docIds: readonly string[], add: boolean): Promise<void> {
  await change(db, id, (collection) => (add ? withDocuments(collection, docIds) : { ...collection, docIds: collection.docIds.filter((d) => !docIds.includes(d)) }));
}

/** Deletes the collection, not its documents. */
export async function deleteCollection(db: LociDb, id: string): Promise<void> {
  await db.delete('collections', id);
}

/** A document that left the library leaves every collection; whether any held it. */
export async function leaveCollections(db: LociDb, docId: string): Promise<boolean> {
  return inWriteTransaction(db, ['collections'], async (tx) => {
    const store = tx.objectStore('collections');
    const holding = (await store.getAll()).filter((c) => c.docIds.includes(docId));
    for (const collection of holding) await store.put({ ...collection, docIds: collection.docIds.filter((d) => d !== docId) });
    return holding.length > 0;
  });
}

/**
 * The site's collection with `docIds` (files the visitor dropped in, identical to some of the
 * site's) marked as the visitor's own too, so an update that drops them leaves them; whether it changed.
 */
export async function claimSiteDocuments(db: LociDb, docIds: readonly string[]): Promise<boolean> {
  return inWriteTransaction(db, ['collections'], async (tx) => {
    const store = tx.objectStore('collections');
    const site = siteCollection(await store.getAll());
    const claimed = site && claimedOwn(site, docIds);
    if (claimed) await store.put(claimed);
    return claimed !== undefined;
  });
}

type CollectionStore = IDBPObjectStore<LociSchema, ['collections'], 'collections', 'readwrite'>;

/**
 * An imported collection: a merge joins it with the one stored under its id (their documents
 * together), a replace (which emptied the store first) puts it as it is.
 */
export async function putImportedCollection(store: Pick<CollectionStore, 'get' | 'put'>, collection: StoredCollection, mode: 'merge' | 'replace'): Promise<void> {
  const stored = mode === 'merge' ? await store.get(collection.id) : undefined;
  await store.put(stored ? withDocuments(stored, collection.docIds) : collection);
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
