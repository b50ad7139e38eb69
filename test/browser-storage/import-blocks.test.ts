/**
 * A library file imported is stored as the file's own blocks (stored-blocks.ts,
 * library-snapshot.ts): each document's chunks, entry columns, vectors and counted words as bytes,
 * under the checksums the file gave them. They load as the file decodes, their damage is found
 * and named as a record of objects' is, they sit beside records of objects (the store's own, and
 * those stored before blocks), and an import cut off at any request leaves the library as it was;
 * one whose file was put first as the pending import (pending-import.ts), as a site's first visit
 * does, reopens with the whole file stored once that put is in.
 */
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportLibrary, importLibrary, importLibraryContents, readLibraryFile } from '../../src/browser-storage/export.ts';
import { journalImport } from '../../src/browser-storage/pending-import.ts';
import { PENDING_IMPORT_KEY } from '../../src/browser-storage/records.ts';
import type { LociDb } from '../../src/browser-storage/schema.ts';
import { openLociDb } from '../../src/browser-storage/open.ts';
import { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import { docOwner } from '../../src/browser-storage/owner-key.ts';
import type { StoredEntries } from '../../src/browser-storage/records.ts';
import { countTerms } from '../../src/core/search/entry-terms.ts';
import { decodeIndex } from '../../src/core/stored-index/binary-format.ts';
import type { IndexSnapshot } from '../../src/core/stored-index/snapshot.ts';
import { blockSum, encodeV1 } from '../support/index-blocks.ts';
import { docA, docB, documentRecord, freshStore, groupAB, manifest, storeWith } from './fixtures.ts';

const withTerms = <R extends { entries: IndexSnapshot['documents'][number]['entries'] }>(record: R): R => ({ ...record, terms: countTerms(record.entries) });
const docC = documentRecord('cccc', 'gamma.md', ['Gamma one is here.', 'Gamma two follows.']);
const docD = documentRecord('dddd', 'delta.md', ['Delta only chunk.']);

/** A library file of `documents`, each with its counted words, and their originals: as an export writes it. */
async function fileOf(documents: IndexSnapshot['documents'], groups: IndexSnapshot['groups'] = []): Promise<Uint8Array> {
  const store = await storeWith({ manifest: manifest(), documents: documents.map(withTerms), groups });
  for (const record of documents) await store.putOriginal(record.doc.id, record.doc.name, 'text/markdown', new TextEncoder().encode(`${record.doc.name} original`));
  return exportLibrary(store.db);
}

/** What a reopened tab finds: the index as loaded, the damage the records' own check finds, the library's list. */
async function reopened(factory: IDBFactory) {
  const store = await IdbIndexStore.open({ factory });
  try {
    return { index: await store.load(), damage: await store.findRecordDamage(), list: await store.listDocuments() };
  } finally {
    store.close();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('a library file imported as its blocks', () => {
  it('stores each document as the file has it, under its checksums, and loads it as the file decodes', async () => {
    const file = await fileOf([docA, docB], [groupAB]);
    const store = await freshStore();
    await importLibrary(store.db, file, { mode: 'merge' });
    const stored = (await store.db.get('entries', docOwner(docA.doc.id)))!;
    expect(stored.entries).toBeInstanceOf(ArrayBuffer);
    expect(stored.terms).toBeInstanceOf(ArrayBuffer);
    expect((await store.db.get('chunks', docA.doc.id))!.chunks).toBeInstanceOf(ArrayBuffer);
    expect(stored.sums).toEqual({ entries: blockSum(file, 'alpha.md', 'entries'), vectors: blockSum(file, 'alpha.md', 'vectors'), terms: expect.any(String) });
    const decoded = await decodeIndex(file);
    const loaded = (await store.load())!;
    expect(loaded.damage).toBeUndefined();
    expect(loaded.documents).toEqual(decoded.documents);
    expect(loaded.groups).toEqual(decoded.groups);
    expect(loaded.documents.map((d) => d.terms?.entries)).toEqual([docA.entries.length, docB.entries.length]);
    expect(await store.findRecordDamage()).toEqual([]);
  });

  it('finds a changed byte in any block, names the document and its part, and leaves the other documents whole', async () => {
    for (const part of ['entries', 'vectors', 'chunks'] as const) {
      const store = await freshStore();
      await importLibrary(store.db, await fileOf([docA, docB]), { mode: 'merge' });
      if (part === 'chunks') {
        const record = (await store.db.get('chunks', docA.doc.id))!;
        new Uint8Array(record.chunks as ArrayBuffer)[5] ^= 1;
        await store.db.put('chunks', record);
      } else {
        const record = (await store.db.get('entries', docOwner(docA.doc.id)))!;
        new Uint8Array(record[part] as ArrayBuffer)[9] ^= 1;
        await store.db.put('entries', record);
      }
      const loaded = (await store.load())!;
      expect(loaded.damage, part).toEqual([{ kind: 'document', id: docA.doc.id, name: 'alpha.md', docIds: [docA.doc.id], parts: [part] }]);
      expect(loaded.documents.map((d) => d.doc.id)).toEqual([docB.doc.id]);
      expect((await store.findRecordDamage()).map((d) => d.parts)).toEqual([[part]]);
    }
  });

  it('drops counted words whose block changed, and loads the document whole from its text', async () => {
    const store = await freshStore();
    await importLibrary(store.db, await fileOf([docA]), { mode: 'merge' });
    const record: StoredEntries = (await store.db.get('entries', docOwner(docA.doc.id)))!;
    const terms = new Uint8Array(record.terms as ArrayBuffer);
    terms[terms.length - 1] ^= 1;
    await store.db.put('entries', record);
    const loaded = (await store.load())!;
    expect(loaded.damage).toBeUndefined();
    expect(loaded.documents[0].terms).toBeUndefined();
    expect(loaded.documents[0].entries).toEqual(docA.entries);
  });

  it('sits beside records of objects: the store writes its own so, and a document written again replaces its blocks', async () => {
    const store = await storeWith({ manifest: manifest(), documents: [docA], groups: [] });
    await importLibrary(store.db, await fileOf([docC]), { mode: 'merge' });
    expect(Array.isArray((await store.db.get('entries', docOwner(docA.doc.id)))!.entries)).toBe(true);
    expect((await store.db.get('entries', docOwner(docC.doc.id)))!.entries).toBeInstanceOf(ArrayBuffer);
    expect((await store.load())!.documents.map((d) => d.doc.name)).toEqual(['alpha.md', 'gamma.md']);
    await store.putDocument(docC);
    expect(Array.isArray((await store.db.get('entries', docOwner(docC.doc.id)))!.entries)).toBe(true);
    const again = (await store.load())!;
    expect(again.damage).toBeUndefined();
    expect(again.documents.find((d) => d.doc.id === docC.doc.id)?.entries).toEqual(docC.entries);
  });

  it('stores a file of a format before entry columns as bytes as objects, as before', async () => {
    const snapshot = { manifest: manifest(), documents: [docA, docB], groups: [groupAB] };
    const store = await freshStore();
    await importLibrary(store.db, encodeV1(snapshot), { mode: 'merge' });
    expect(Array.isArray((await store.db.get('entries', docOwner(docA.doc.id)))!.entries)).toBe(true);
    expect(Array.isArray((await store.db.get('chunks', docA.doc.id))!.chunks)).toBe(true);
    const loaded = (await store.load())!;
    expect(loaded.damage).toBeUndefined();
    expect(loaded.documents).toEqual(snapshot.documents);
  });

  it('exports a library stored as blocks to a file that imports again to the same library', async () => {
    const first = await freshStore();
    await importLibrary(first.db, await fileOf([docA, docB], [groupAB]), { mode: 'merge' });
    const second = await freshStore();
    await importLibrary(second.db, await exportLibrary(first.db), { mode: 'merge' });
    expect(await second.load()).toEqual(await first.load());
  });
});

/** From now on (until the mocks are restored), the `at`-th put closes the tab: its transaction aborts, as does every later put's. */
function closeTabAtPut(at: number): void {
  const put = IDBObjectStore.prototype.put;
  let made = 0;
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
    if (++made < at) return put.apply(this, args);
    this.transaction.abort();
    throw new DOMException('the tab was closed', 'InvalidStateError');
  });
}

const importOf = (db: LociDb, file: Uint8Array) => importLibrary(db, file, { mode: 'merge' });

/**
 * A first visit's import as the engine worker makes it (file-merge.ts, open-then-write.ts): the
 * file put as the pending import, its records made meanwhile and written in a transaction issued
 * behind that put, which deletes it.
 */
async function journaledImport(db: LociDb, file: Uint8Array) {
  const read = await readLibraryFile(file);
  const kept = journalImport(db, file, { mode: 'merge' });
  const written = importLibraryContents(db, await read.contents(), { mode: 'merge', journaled: true });
  await kept;
  return written;
}

describe('an import cut off at any request (a tab closed)', () => {
  /**
   * Imports `file` into the library `before` leaves, with the tab closed at the `at`-th record put
   * (the transaction never commits), for every `at` the import reaches; each time a reopened tab
   * finds the library exactly as it was, undamaged. Returns how many puts the whole import makes.
   * `write` imports it (a plain import by default).
   */
  async function cutAtEveryPut(before: (factory: IDBFactory) => Promise<void>, file: Uint8Array, write: (db: LociDb, file: Uint8Array) => Promise<unknown> = importOf): Promise<number> {
    const put = IDBObjectStore.prototype.put;
    let puts = 0;
    const counting = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      puts++;
      return put.apply(this, args);
    });
    const whole = new IDBFactory();
    await before(whole);
    puts = 0;
    const store = await IdbIndexStore.open({ factory: whole });
    await write(store.db, file);
    store.close();
    const total = puts;
    counting.mockRestore();
    expect((await reopened(whole)).damage).toEqual([]);

    for (let at = 1; at <= total; at++) {
      const factory = new IDBFactory();
      await before(factory);
      const was = await reopened(factory);
      closeTabAtPut(at);
      const cut = await IdbIndexStore.open({ factory });
      await expect(write(cut.db, file)).rejects.toThrow();
      cut.close();
      vi.restoreAllMocks();
      const now = await reopened(factory);
      expect(now.damage, `cut at put ${at}`).toEqual([]);
      expect(now.index, `cut at put ${at}`).toEqual(was.index);
      expect(now.list, `cut at put ${at}`).toEqual(was.list);
    }
    return total;
  }

  it('reopens a library of objects as it was, whichever put the tab closed at', async () => {
    const file = await fileOf([docC, docD]);
    const total = await cutAtEveryPut(async (factory) => {
      const store = await storeWith({ manifest: manifest(), documents: [docA, docB], groups: [groupAB] }, factory);
      store.close();
    }, file);
    // documents, rows, originals and their bytes, chunks and entries: six puts a document at least
    expect(total).toBeGreaterThanOrEqual(12);
  });

  it('reopens a library stored as blocks as it was, whichever put the next import was cut at', async () => {
    const first = await fileOf([docA, docB], [groupAB]);
    const next = await fileOf([docB, docC]);
    await cutAtEveryPut(async (factory) => {
      const store = await IdbIndexStore.open({ factory });
      await importLibrary(store.db, first, { mode: 'merge' });
      store.close();
    }, next);
  });

  it('reopens with the whole file stored once the pending import is put, whichever put after it the tab closed at', async () => {
    const before = async (factory: IDBFactory) => {
      const store = await storeWith({ manifest: manifest(), documents: [docA], groups: [] }, factory);
      store.close();
    };
    const file = await fileOf([docC, docD], []);
    // the library the whole write leaves, with no pending import left beside it
    const whole = new IDBFactory();
    await before(whole);
    const store = await IdbIndexStore.open({ factory: whole });
    await journaledImport(store.db, file);
    expect(await store.db.count('pendingImport')).toBe(0);
    store.close();
    const stored = await reopened(whole);
    expect(stored.list.map((d) => d.name).sort()).toEqual(['alpha.md', 'delta.md', 'gamma.md']);

    let total = 0;
    for (let at = 1; total === 0 || at <= total; at++) {
      const factory = new IDBFactory();
      await before(factory);
      const was = await reopened(factory);
      closeTabAtPut(at);
      const cut = await IdbIndexStore.open({ factory });
      const outcome = await journaledImport(cut.db, file).then(
        () => 'whole',
        () => 'cut',
      );
      cut.close();
      vi.restoreAllMocks();
      if (outcome === 'whole') {
        // every put made: the number the whole import takes
        total = at - 1;
        break;
      }
      const pending = await pendingOf(factory);
      // cut at the pending import's own put: nothing kept, the library as it was
      expect(pending, `cut at put ${at}`).toBe(at > 1);
      const now = await reopened(factory);
      expect(now.damage, `cut at put ${at}`).toEqual([]);
      // (the library's own document was added when its `before` ran, a moment apart from the other's:
      // the library's order may differ by it)
      expect(byId(now.index), `cut at put ${at}`).toEqual(byId(at === 1 ? was.index : stored.index));
      expect(rowsOf(now.list), `cut at put ${at}`).toEqual(rowsOf(at === 1 ? was.list : stored.list));
      expect(now.list.find((d) => d.id === docA.doc.id)?.added, `cut at put ${at}`).toBe(was.list[0].added);
      // stored once: the pending import went with the records' transaction, and a second reopen finds the same
      expect(await pendingOf(factory), `cut at put ${at}`).toBe(false);
      expect((await reopened(factory)).list, `cut at put ${at}`).toEqual(now.list);
    }
    // the pending import, then six records a document at least
    expect(total).toBeGreaterThanOrEqual(13);
  });

  it('stores at reopen a library that exports, imports elsewhere the same, and deletes a document, as one stored at once', async () => {
    const file = await fileOf([docC, docD], []);
    const factory = new IDBFactory();
    const first = await IdbIndexStore.open({ factory });
    // the tab closed at the first record's put, the pending file put before it
    closeTabAtPut(2);
    await expect(journaledImport(first.db, file)).rejects.toThrow();
    vi.restoreAllMocks();
    first.close();
    const store = await IdbIndexStore.open({ factory });
    const elsewhere = await freshStore();
    await importLibrary(elsewhere.db, await exportLibrary(store.db), { mode: 'merge' });
    expect(byId(await elsewhere.load())).toEqual(byId(await store.load()));
    await store.deleteDocument(docC.doc.id);
    expect((await store.listDocuments()).map((d) => d.name)).toEqual(['delta.md']);
    expect((await store.load())?.documents.map((d) => d.doc.name)).toEqual(['delta.md']);
    store.close();
  });

  it('drops a pending import this app refuses, and opens the library as stored', async () => {
    const factory = new IDBFactory();
    const store = await storeWith({ manifest: manifest(), documents: [docA], groups: [] }, factory);
    const was = { index: await store.load(), list: await store.listDocuments() };
    await journalImport(store.db, new TextEncoder().encode('not a library file at all'), { mode: 'merge' });
    store.close();
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const now = await reopened(factory);
    expect(warned).toHaveBeenCalledWith(expect.stringMatching(/could not be stored.*dropped/));
    expect(now.index).toEqual(was.index);
    expect(now.list).toEqual(was.list);
    expect(await pendingOf(factory)).toBe(false);
  });
});

/** An index with its documents in the order of their ids. */
function byId(index: IndexSnapshot | undefined) {
  return index && { ...index, documents: [...index.documents].sort((a, b) => a.doc.id.localeCompare(b.doc.id)) };
}

/** A library's list by id, without the times its documents were added. */
function rowsOf(list: { id: string; added: number }[]) {
  return list.map(({ added: _, ...row }) => row).sort((a, b) => a.id.localeCompare(b.id));
}

/** Whether a pending import is stored, read without the store's open (which would store it). */
async function pendingOf(factory: IDBFactory): Promise<boolean> {
  const db = await openLociDb({ factory });
  try {
    return (await db.getKey('pendingImport', PENDING_IMPORT_KEY)) !== undefined;
  } finally {
    db.close();
  }
}
