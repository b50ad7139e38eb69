/**
 * `added` timestamps double as the library order, so two documents stored within the same
 * millisecond must still get distinct, increasing values, and a document keeps the value its
 * original file got when it was dropped in.
 */

interface AddedKeyCursor {
  key: number;
}

/** Any `by-added` index, whatever transaction it was opened in. */
export interface AddedIndex {
  openKeyCursor(query?: null, direction?: IDBCursorDirection): Promise<AddedKeyCursor | null>;
}

/** A store whose records carry `added` and are indexed by it (documents, originals, groups). */
export interface AddedStore {
  get(id: string): Promise<{ added: number } | undefined>;
  index(name: 'by-added'): AddedIndex;
}

/** Largest `added` in an index, 0 when empty. */
export async function latestAdded(index: AddedIndex): Promise<number> {
  const cursor = await index.openKeyCursor(null, 'prev');
  return cursor ? cursor.key : 0;
}

export function nextAdded(latest: number, now: number = Date.now()): number {
  return Math.max(now, latest + 1);
}

/**
 * The `added` a document or original with this id gets: the document's own once it has one, the
 * original's on the document's first write, otherwise a fresh one after everything in both.
 * Lookups are by key: a write never scans the library. A fresh one is at least `notBefore`: rows
 * the store never saw (files that could not be stored) keep their place in the order that way.
 */
export async function libraryAdded(documents: AddedStore, originals: AddedStore, id: string, notBefore = 0): Promise<number> {
  const known = (await documents.get(id))?.added ?? (await originals.get(id))?.added;
  if (known !== undefined) return known;
  const fresh = nextAdded(Math.max(await latestAdded(documents.index('by-added')), await latestAdded(originals.index('by-added'))));
  return Math.max(fresh, notBefore);
}

/** The library order of records keyed by `key`: by `added`, ties (imported records) by key, as a `by-added` index gives them. */
export function inAddedOrder<R extends { added: number }>(key: (record: R) => string): (a: R, b: R) => number {
  return (a, b) => a.added - b.added || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
}
