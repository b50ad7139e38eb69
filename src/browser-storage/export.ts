/**
 * Export the whole library (index, original files, collections, chats, settings) to one library
 * file, the one the CLI writes and reads (core/stored-index/binary-format.ts), and import it back:
 * such a file, the CLI's, or an older export (a zip, library-file.ts), told apart by their first
 * bytes. An import is checked completely before anything is written and then written in a single
 * transaction, so a bad file or a refused import leaves the stored library exactly as it was.
 */
import type { IndexManifest } from '../core/types.ts';
import type { LibraryContents, LibraryFileRead } from './library-contents.ts';
import type { AddedStore } from './added-clock.ts';
import { decodeLibrary, isOlderExport, LibraryFileError } from './library-file.ts';
import { decodeIndex, encodeIndex, IndexFormatError } from '../core/stored-index/binary-format.ts';
import type { IndexSnapshot } from '../core/stored-index/snapshot.ts';
import { fileBlocks, type FileBlocks } from '../core/stored-index/file-blocks.ts';
import { libraryOfSnapshot, manifestOfSnapshot, snapshotOfLibrary } from './library-snapshot.ts';
import { readIndexRecords, readTransaction } from './read-records.ts';
import { ALL_STORES, LIBRARY_STORES, MANIFEST_KEY, PENDING_IMPORT_KEY } from './records.ts';
import { rowOf } from './library-rows.ts';
import { readOldAnswer } from './old-answers.ts';
import { checksums } from '../core/util/checksum.ts';
import { chunksSum, documentSum, entriesSums, groupSum } from './record-sums.ts';
import type { LociDb } from './schema.ts';
import { inWriteTransaction, type WriteTransaction } from './transaction.ts';
import { changedOwners, type ChangedOwners } from './index-changes.ts';
import { DOCUMENT_STORES, deleteDocumentRecords } from './delete-document.ts';
import { siteUpdate, type SiteCollection } from '../core/engine/site-library.ts';
import { fillKeptVectors, type KeptVectorSources } from './kept-vectors.ts';
import { putImportedCollection } from './collections.ts';
import { requestsInSlices } from './requests-in-slices.ts';

export { LibraryFileError } from './library-file.ts';
export type { LibraryContents, LibraryFileRead } from './library-contents.ts';
export { DamagedLibraryError } from './library-snapshot.ts';

type AnyStore = (typeof ALL_STORES)[number] | 'ocrPages' | 'pendingImport';

/** The first bytes of a library file ("LOCI"). */
const LIBRARY_FILE_MAGIC = [0x4c, 0x4f, 0x43, 0x49];

/** The import would mix two embedders' vectors in one index. */
export class EmbedderMismatchError extends Error {
  override name = 'EmbedderMismatchError';
}

export interface ImportOptions {
  /**
   * `replace` empties the database first and restores everything, settings included; `merge`
   * keeps what is stored and lets imported records replace stored ones with the same id (a
   * document already stored keeps its place in the order). A merge leaves the settings alone:
   * they describe this browser (where models come from, which fit its GPU, which jobs its person
   * paused), not the library being brought in.
   */
  mode: 'merge' | 'replace';
  /** The embedder the app runs now; when given, a file indexed with another one is refused. */
  embedder?: { id: string; dimension: number };
  /**
   * A site's library (workers/engine/site-library-import.ts): `collection` is the site's, naming the
   * documents of the version imported. The file brings its documents, their index and that
   * collection only: its own collections, chats and settings are not written (a publisher's are
   * not the visitor's). In the same transaction, so that no closed tab can leave half of it, the
   * site's collection is stored (siteUpdate: which documents are the visitor's own too) and the
   * site's documents of the version before that this one no longer holds are deleted.
   */
  site?: { collection: SiteCollection };
  /**
   * The file was put first as the pending import (pending-import.ts): the transaction that writes
   * its records deletes it, so the records and the pending file are never both kept, nor neither.
   */
  journaled?: boolean;
}

/** How many records of each kind were written. */
export interface ImportReport {
  documents: number;
  originals: number;
  groups: number;
  collections: number;
  chats: number;
  settings: number;
  /** The ids of the documents written, in the file's order. */
  documentIds: string[];
  /** With `site`: the documents and groups deleted, the site's documents its new version no longer holds. */
  deleted?: ChangedOwners;
  /**
   * The stored index is now the file's and nothing else: a replace, or a merge into a library that
   * held no index record (a site's library on a first visit).
   */
  indexIsFile: boolean;
}

/**
 * The library as one library file. `kept`: where the vectors of records kept outside them are read
 * (kept-vectors.ts); a file always carries them. A stored record that fails its checksum refuses
 * the export (DamagedLibraryError), as missing vectors do: better no file than one that loses them.
 */
export async function exportLibrary(db: LociDb, kept: KeptVectorSources = {}): Promise<Uint8Array> {
  const contents = await readEverything(db);
  if (contents.manifest) {
    const missing = await fillKeptVectors(contents.entries, contents.manifest.embedder.dimension, await checksums(), kept);
    if (missing.size > 0) throw new Error(`the vectors of ${missing.size} stored records could not be read (${[...missing].slice(0, 3).join(', ')}); repair those documents, then export again`);
  }
  return encodeIndex(await snapshotOfLibrary(contents));
}

/**
 * The library a file holds, checked whole: a library file (its every block's checksum, a damaged
 * one refusing the file with the names of what it damaged) or an older export. LibraryFileError
 * names what is wrong with any other.
 */
export async function readLibraryFile(bytes: Uint8Array): Promise<LibraryFileRead> {
  if (isOlderExport(bytes)) {
    const contents = await decodeLibrary(bytes);
    return { manifest: contents.manifest, documentIds: contents.documents.map((record) => record.doc.id), contents: async () => contents };
  }
  if (!LIBRARY_FILE_MAGIC.every((b, i) => bytes[i] === b)) {
    throw new LibraryFileError('This file is not a Loci library export: it is neither a Loci library file (.loci) nor an older export (a zip archive).');
  }
  let snapshot: IndexSnapshot;
  // the file's own blocks, stored as they are (stored-blocks.ts); views into `bytes` until then
  let blocks: FileBlocks | undefined = fileBlocks();
  try {
    snapshot = await decodeIndex(bytes, { keep: blocks });
  } catch (error) {
    if (error instanceof IndexFormatError) throw new LibraryFileError(`This Loci library file cannot be imported: ${error.message}.`);
    throw error;
  }
  if (snapshot.damage?.length) {
    const damaged = snapshot.damage.map((d) => `${d.name} (${d.parts.join(', ')})`).join('; ');
    throw new LibraryFileError(`This Loci library file is damaged (checksum mismatch) in ${damaged}; nothing was imported. Export the library again, or import another copy.`);
  }
  let contents: Promise<LibraryContents> | undefined;
  return {
    index: snapshot,
    manifest: manifestOfSnapshot(snapshot),
    documentIds: snapshot.documents.map((record) => record.doc.id),
    contents: (breathe) => {
      contents ??= libraryOfSnapshot(snapshot, undefined, breathe, blocks);
      // the records hold copies: the file's bytes need not live on for them
      blocks = undefined;
      return contents;
    },
  };
}

export async function importLibrary(db: LociDb, bytes: Uint8Array, options: ImportOptions): Promise<ImportReport> {
  return importLibraryContents(db, await (await readLibraryFile(bytes)).contents(), options);
}

/**
 * A library read and checked whole by readLibraryFile, written (one transaction). `onIssued` is
 * told once that transaction is created: any transaction asked for after it over the same stores
 * (an export, a delete, another import) runs after it, so sees its records.
 */
export async function importLibraryContents(db: LociDb, contents: LibraryContents, options: ImportOptions, onIssued?: () => void): Promise<ImportReport> {
  if (options.embedder && contents.manifest) {
    refuseMixedVectors(contents.manifest, options.embedder, 'the embedder this app is using');
  }
  const settings = options.mode === 'replace' ? contents.settings : [];
  // Records carry their sums through an export; one made before sums were kept gets them here (the
  // file's own SHA-256 per member has just vouched for its content). Summed before the transaction,
  // which awaiting anything but its own requests would commit.
  const sums = await checksums();
  const sealed = {
    documents: contents.documents.map((record) => ({ ...record, sum: record.sum ?? documentSum(sums, record) })),
    chunks: contents.chunks.map((record) => ({ ...record, sum: record.sum ?? chunksSum(sums, record.chunks) })),
    entries: contents.entries.map((record) => ({ ...record, sums: record.sums ?? entriesSums(sums, record.entries, record.vectors) })),
    groups: contents.groups.map((record) => ({ ...record, sum: record.sum ?? groupSum(sums, record) })),
  };
  let indexIsFile = false;
  // A merge holds only the stores it writes: a chat asked in meanwhile (a site's library searched
  // while it is written, IndexHost.importContents) would otherwise wait for the whole write.
  // Typed as every store: the work below touches an app store only when it has records for it.
  const stores: AnyStore[] = [
    ...(options.mode === 'replace' ? [...ALL_STORES] : [...new Set([...LIBRARY_STORES, ...appStoresWritten(contents, options)])]),
    ...(options.journaled ? (['pendingImport'] as const) : []),
  ];
  // what the app's own records of a site's file are left out of (they are the publisher's)
  const app = options.site ? { collections: [], chats: [] } : { collections: contents.collections, chats: contents.chats };
  const deleted = changedOwners();
  await inWriteTransaction(db, stores, async (tx) => {
    onIssued?.();
    const manifests = tx.objectStore('manifest');
    const current = await manifests.get(MANIFEST_KEY);
    if (options.mode === 'merge' && current && contents.manifest) {
      refuseMixedVectors(contents.manifest, current.embedder, 'the library already stored');
    }
    if (options.mode === 'replace') {
      for (const name of ALL_STORES) await tx.objectStore(name).clear();
    }
    // A library that holds no index record yet (an app opened once writes its manifest) takes the
    // file's: the index is then the file's, and so is the hybrid weight calibrated on it, which a
    // first question would otherwise calibrate again (a site's library on a first visit).
    const empty = options.mode === 'replace' || ((await tx.objectStore('documents').count()) === 0 && (await tx.objectStore('groups').count()) === 0);
    if (contents.manifest && (empty || !current)) await manifests.put(contents.manifest, MANIFEST_KEY);
    indexIsFile = contents.manifest !== undefined && empty;
    // Every request is issued before the ones before it have come back: IndexedDB runs them in
    // order, and awaiting each in turn paid a round trip per request
    // (docs/decisions/2026-12-02-site-library-visit.md). What is stored already is asked for once
    // a store, by its keys: a library file's thousands of records asked for one by one were as
    // many round trips, most of them for nothing on a first visit.
    const documents = tx.objectStore('documents');
    const originals = tx.objectStore('originals');
    const groups = tx.objectStore('groups');
    const keysOf = async (store: { getAllKeys(): Promise<string[]> }): Promise<Set<string>> => (options.mode === 'merge' ? new Set(await store.getAllKeys()) : new Set());
    const [documentKeys, originalKeys, groupKeys] = await Promise.all([keysOf(documents), keysOf(originals), keysOf(groups)]);
    const storedBefore = options.site ? new Set(contents.documents.map((record) => record.doc.id).filter((id) => documentKeys.has(id) || originalKeys.has(id))) : undefined;
    // In a merge, a record already stored keeps its place in the library order.
    const keepAdded = async (store: AddedStore, stored: Set<string>, id: string, added: number) => (stored.has(id) ? ((await store.get(id))?.added ?? added) : added);
    const [documentsAdded, originalsAdded, groupsAdded] = await Promise.all([
      Promise.all(sealed.documents.map((record) => keepAdded(documents, documentKeys, record.doc.id, record.added))),
      Promise.all(contents.originals.map((original) => keepAdded(originals, originalKeys, original.id, original.added))),
      Promise.all(sealed.groups.map((record) => keepAdded(groups, groupKeys, record.group.id, record.added))),
    ]);
    // ...in slices, so that a question asked meanwhile (a site's library searched while it is
    // written, IndexHost.importContents) waits for a slice, not for the whole write.
    await requestsInSlices([
      ...sealed.documents.flatMap((record, i) => {
        const stored = { ...record, added: documentsAdded[i] };
        return [() => documents.put(stored), () => tx.objectStore('rows').put(rowOf(stored))];
      }),
      ...contents.originals.flatMap(({ bytes, ...original }, i) => [
        () => originals.put({ ...original, added: originalsAdded[i] }),
        () => tx.objectStore('originalBytes').put({ id: original.id, bytes }),
      ]),
      ...sealed.chunks.map((record) => () => tx.objectStore('chunks').put(record)),
      ...sealed.entries.map((record) => () => tx.objectStore('entries').put(record)),
      ...sealed.groups.map((record, i) => () => groups.put({ ...record, added: groupsAdded[i] })),
    ]);
    for (const record of app.collections) await putImportedCollection(tx.objectStore('collections'), record, options.mode);
    if (options.site && storedBefore) {
      const update = siteUpdate(await tx.objectStore('collections').getAll(), options.site.collection, storedBefore);
      await tx.objectStore('collections').put(update.collection);
      for (const docId of update.remove) await deleteDocumentRecords(tx as unknown as WriteTransaction<[...typeof DOCUMENT_STORES]>, docId, deleted);
    }
    for (const record of app.chats) await tx.objectStore('chats').put({ ...record, messages: record.messages.map(readOldAnswer) });
    for (const record of settings) await tx.objectStore('settings').put(record);
    if (options.journaled) await tx.objectStore('pendingImport').delete(PENDING_IMPORT_KEY);
  });
  return {
    documents: contents.documents.length,
    originals: contents.originals.length,
    groups: contents.groups.length,
    collections: app.collections.length,
    chats: app.chats.length,
    settings: settings.length,
    documentIds: contents.documents.map((record) => record.doc.id),
    ...(options.site ? { deleted } : {}),
    indexIsFile,
  };
}

/** The app's stores a merge of `contents` writes: those it brings records for; a site's, its collection and what its update deletes. */
function appStoresWritten(contents: LibraryContents, options: ImportOptions): AnyStore[] {
  if (options.site) return ['collections', ...DOCUMENT_STORES];
  return [...(contents.collections.length > 0 ? ['collections' as const] : []), ...(contents.chats.length > 0 ? ['chats' as const] : [])];
}

async function readEverything(db: LociDb): Promise<LibraryContents> {
  const tx = readTransaction(db, ALL_STORES);
  const [index, originals, bytes, collections, chats, settings] = await Promise.all([
    readIndexRecords(tx),
    tx.objectStore('originals').index('by-added').getAll(),
    tx.objectStore('originalBytes').getAll(),
    tx.objectStore('collections').index('by-created').getAll(),
    tx.objectStore('chats').index('by-created').getAll(),
    tx.objectStore('settings').getAll(),
  ]);
  await tx.done;
  const bytesOf = new Map(bytes.map((record) => [record.id, record.bytes]));
  // An original whose bytes are missing cannot be rebuilt from, so it is not worth carrying.
  const files = originals.flatMap((original) => {
    const content = bytesOf.get(original.id);
    return content ? [{ ...original, bytes: content }] : [];
  });
  return { ...index, originals: files, collections, chats, settings };
}

function refuseMixedVectors(
  imported: IndexManifest,
  other: { id: string; dimension: number },
  otherName: string,
): void {
  const mine = imported.embedder;
  if (mine.id === other.id && mine.dimension === other.dimension) return;
  throw new EmbedderMismatchError(
    `This library was indexed with the embedding model ${mine.id} (${mine.dimension} dimensions), but ` +
      `${otherName} uses ${other.id} (${other.dimension} dimensions). Their vectors cannot be mixed in ` +
      `one index, so nothing was imported.`,
  );
}
