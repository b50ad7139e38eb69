/**
 * Database name, version and migrations. Migration `i` takes the database from version `i` to
 * `i + 1`, so the version is simply the number of migrations and a browser holding any older
 * version runs exactly the steps it lacks, in order, inside the one upgrade transaction.
 */
import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { LociSchema } from './records.ts';
import { readOldAnswer } from './old-answers.ts';
import { rowOf } from './library-rows.ts';

export const DB_NAME = 'loci';

export type LociDb = IDBPDatabase<LociSchema>;
export type UpgradeTransaction = IDBPTransaction<
  LociSchema,
  StoreNames<LociSchema>[],
  'versionchange'
>;

/**
 * One schema step. It may be async, but must await only requests on `tx`: awaiting anything else
 * lets the upgrade transaction commit early and the remaining steps would fail.
 */
export type Migration = (db: LociDb, tx: UpgradeTransaction) => void | Promise<void>;

const createStores: Migration = (db) => {
  db.createObjectStore('manifest');
  db.createObjectStore('documents', { keyPath: 'doc.id' }).createIndex('by-added', 'added');
  db.createObjectStore('originals', { keyPath: 'id' }).createIndex('by-added', 'added');
  db.createObjectStore('chunks', { keyPath: 'docId' });
  db.createObjectStore('entries', { keyPath: 'owner' });
  const groups = db.createObjectStore('groups', { keyPath: 'group.id' });
  groups.createIndex('by-added', 'added');
  // multiEntry: one index row per document of the group, so deleting a document finds its groups.
  groups.createIndex('by-doc', 'group.docIds', { multiEntry: true });
  db.createObjectStore('chats', { keyPath: 'id' }).createIndex('by-created', 'created');
  db.createObjectStore('settings', { keyPath: 'key' });
};

/** An `originals` record as version 1 stored it: the metadata and the bytes in one value. */
interface OriginalV1 {
  id: string;
  name: string;
  mime: string;
  bytes: ArrayBuffer;
  added: number;
}

/**
 * Version 2: the bytes of each original move to `originalBytes`, and `originals` keeps only what
 * listing the library needs (with the size the bytes had), so a listing never loads the files.
 */
const splitOriginalBytes: Migration = async (db, tx) => {
  db.createObjectStore('originalBytes', { keyPath: 'id' });
  const bytes = tx.objectStore('originalBytes');
  for (let cursor = await tx.objectStore('originals').openCursor(); cursor; cursor = await cursor.continue()) {
    const { id, name, mime, added, bytes: content } = cursor.value as unknown as OriginalV1;
    await bytes.put({ id, bytes: content });
    await cursor.update({ id, name, mime, added, size: content.byteLength });
  }
};

/**
 * Version 3: before search modes, a checkbox stored `hybrid: true|false`. A person who turned
 * hybrid search off meant meaning only, and keeps it as `retriever: 'dense'` (unless a search mode
 * is stored already); `hybrid: true` was the default and needs nothing. The old key goes.
 */
const hybridToRetriever: Migration = async (_db, tx) => {
  const settings = tx.objectStore('settings');
  const old = await settings.get('hybrid');
  if (old === undefined) return;
  if (old.value === false && (await settings.get('retriever')) === undefined) await settings.put({ key: 'retriever', value: 'dense' });
  await settings.delete('hybrid');
};

/**
 * Version 4: a `meta` store for the index revision, which every write to the index bumps
 * (revision.ts), so a copy of the index made at one revision is known to be current or not.
 */
const addMeta: Migration = (db) => {
  db.createObjectStore('meta', { keyPath: 'key' });
};

/**
 * Version 5: `ocrPages`, the pages of a scan read so far, by document and page, so OCR stopped
 * midway resumes at the next page (ocr-pages.ts).
 */
const addOcrPages: Migration = (db) => {
  db.createObjectStore('ocrPages', { keyPath: ['docId', 'page'] });
};

/**
 * Version 6: `indexChanges`, which records each write to the index made since the open image was
 * saved (index-changes.ts), so an image a few writes behind opens with only those records read.
 */
const addIndexChanges: Migration = (db) => {
  db.createObjectStore('indexChanges', { keyPath: 'revision' });
};

/**
 * Version 7: `rows`, each document's row of the library list (library-rows.ts), so listing the
 * library no longer reads every document's text. Filled here from the documents stored, one at a time.
 */
const addRows: Migration = async (db, tx) => {
  db.createObjectStore('rows', { keyPath: 'id' });
  const rows = tx.objectStore('rows');
  for (let cursor = await tx.objectStore('documents').openCursor(); cursor; cursor = await cursor.continue()) {
    await rows.put(rowOf(cursor.value));
  }
};

/**
 * Version 8: answers stored before their citations and their not-found mark were kept get them,
 * read as the engine reads an answer since (old-answers.ts), so reading a chat checks nothing.
 */
const readOldAnswers: Migration = async (_db, tx) => {
  for (let cursor = await tx.objectStore('chats').openCursor(); cursor; cursor = await cursor.continue()) {
    const chat = cursor.value;
    const messages = chat.messages.map(readOldAnswer);
    if (messages.some((m, i) => m !== chat.messages[i])) await cursor.update({ ...chat, messages });
  }
};

/** Version 9: `collections`, named sets of documents a chat can be asked within (core/engine/scope.ts). */
const addCollections: Migration = (db) => {
  db.createObjectStore('collections', { keyPath: 'id' }).createIndex('by-created', 'created');
};

/**
 * Version 10: `pendingImport`, a library file put whole before its records are written
 * (pending-import.ts), so a site's library is kept as soon as that one put is, and an open that
 * finds it stores it first.
 */
const addPendingImport: Migration = (db) => {
  db.createObjectStore('pendingImport');
};

export const MIGRATIONS: readonly Migration[] = [createStores, splitOriginalBytes, hybridToRetriever, addMeta, addOcrPages, addIndexChanges, addRows, readOldAnswers, addCollections, addPendingImport];

export const DB_VERSION = MIGRATIONS.length;

/** Runs the steps from `oldVersion` up to `newVersion`, strictly one after another. */
export async function runMigrations(
  migrations: readonly Migration[],
  db: LociDb,
  tx: UpgradeTransaction,
  oldVersion: number,
  newVersion: number,
): Promise<void> {
  if (newVersion > migrations.length) {
    throw new Error(`no migration to schema version ${newVersion} (know ${migrations.length})`);
  }
  for (let version = oldVersion; version < newVersion; version++) {
    await migrations[version](db, tx);
  }
}
