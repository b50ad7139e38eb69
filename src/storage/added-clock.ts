/**
 * `added` timestamps double as the library order, so two documents stored within the same
 * millisecond must still get distinct, increasing values, and a document keeps the value its
 * original file got when it was dropped in.
 */

interface AddedKeyCursor {
  key: number;
  primaryKey: string;
  continue(): Promise<AddedKeyCursor | null>;
}

/** Any `by-added` index, whatever transaction it was opened in. */
export interface AddedIndex {
  openKeyCursor(query?: null, direction?: IDBCursorDirection): Promise<AddedKeyCursor | null>;
}

/** Largest `added` in an index, 0 when empty. */
export async function latestAdded(index: AddedIndex): Promise<number> {
  const cursor = await index.openKeyCursor(null, 'prev');
  return cursor ? cursor.key : 0;
}

export function nextAdded(latest: number, now: number = Date.now()): number {
  return Math.max(now, latest + 1);
}

/** `added` of one record, read from index keys only so large values (file bytes) are never loaded. */
export async function addedOf(index: AddedIndex, id: string): Promise<number | undefined> {
  for (let cursor = await index.openKeyCursor(); cursor; cursor = await cursor.continue()) {
    if (cursor.primaryKey === id) return cursor.key;
  }
  return undefined;
}

/**
 * The `added` a document or original with this id gets: its existing one if either store has
 * it, otherwise a fresh one after everything in both.
 */
export async function libraryAdded(documents: AddedIndex, originals: AddedIndex, id: string): Promise<number> {
  const known = (await addedOf(documents, id)) ?? (await addedOf(originals, id));
  if (known !== undefined) return known;
  return nextAdded(Math.max(await latestAdded(documents), await latestAdded(originals)));
}
