import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import { openLociDb } from '../../src/browser-storage/open.ts';
import { ALL_STORES, type StoredOriginal } from '../../src/browser-storage/records.ts';
import { DB_NAME, DB_VERSION, MIGRATIONS, type Migration } from '../../src/browser-storage/schema.ts';
import { docA, docB, manifest, snapshot, storeWith } from './fixtures.ts';

const NEXT = DB_VERSION + 1;

/** A test-only next version: settings values become `{ value, migrated: true }`, read with a cursor. */
const wrapSettings: Migration = async (_db, tx) => {
  let cursor = await tx.objectStore('settings').openCursor();
  while (cursor) {
    await cursor.update({ key: cursor.value.key, value: { was: cursor.value.value, migrated: true } });
    cursor = await cursor.continue();
  }
};

describe('schema and migrations', () => {
  it('creates every store at the current version', async () => {
    const db = await openLociDb({ factory: new IDBFactory() });
    expect(db.name).toBe(DB_NAME);
    expect(db.version).toBe(DB_VERSION);
    expect(DB_VERSION).toBe(10);
    // everything an export holds, the index revision, the writes since the open image and the scan pages read so far, which belong to this database alone
    expect([...db.objectStoreNames].sort()).toEqual([...ALL_STORES, 'indexChanges', 'meta', 'ocrPages', 'pendingImport'].sort());
    expect([...db.objectStoreNames].sort()).toEqual(
      ['chats', 'chunks', 'collections', 'documents', 'entries', 'groups', 'indexChanges', 'manifest', 'meta', 'ocrPages', 'originalBytes', 'originals', 'pendingImport', 'rows', 'settings'],
    );
    db.close();
  });

  it('version 2 moves the bytes of version 1 originals to a store of their own', async () => {
    const factory = new IDBFactory();
    const v1 = await openLociDb({ factory, migrations: MIGRATIONS.slice(0, 1) });
    const bytes = new TextEncoder().encode('# Notes\n\nKept across the upgrade.');
    // The version 1 shape, written the way version 1 wrote it.
    const original = { id: 'f00d', name: 'notes.md', mime: 'text/markdown', bytes: bytes.slice().buffer, added: 1_000 };
    await v1.put('originals', original as unknown as StoredOriginal);
    v1.close();

    const store = new IdbIndexStore(await openLociDb({ factory }));
    expect(store.db.version).toBe(DB_VERSION);
    expect(await store.db.get('originals', 'f00d')).toEqual({ id: 'f00d', name: 'notes.md', mime: 'text/markdown', size: bytes.length, added: 1_000 });
    expect(new Uint8Array((await store.db.get('originalBytes', 'f00d'))!.bytes)).toEqual(bytes);
    expect(await store.listDocuments()).toEqual([
      { id: 'f00d', name: 'notes.md', mime: 'text/markdown', size: bytes.length, added: 1_000, hasOriginal: true },
    ]);
    const file = await store.getOriginal('f00d');
    expect(file && new Uint8Array(file.bytes)).toEqual(bytes);
    store.close();
  });

  it("version 7 writes each stored document's row of the library list", async () => {
    const factory = new IDBFactory();
    const v6 = new IdbIndexStore(await openLociDb({ factory, migrations: MIGRATIONS.slice(0, 6) }));
    await v6.putManifest(manifest());
    // the version 6 writes: documents without rows
    const added: Record<string, number> = { aaaa: 1_000, bbbb: 2_000 };
    for (const { doc, job, preparse } of [docA, docB]) await v6.db.put('documents', { doc, job, preparse, added: added[doc.id] });
    v6.close();

    const store = new IdbIndexStore(await openLociDb({ factory }));
    expect(await store.db.getAll('rows')).toEqual([
      { id: 'aaaa', name: 'alpha.md', mime: docA.doc.mime, size: docA.doc.size, title: docA.doc.title, language: docA.doc.language, job: docA.job, added: 1_000 },
      { id: 'bbbb', name: 'beta.md', mime: docB.doc.mime, size: docB.doc.size, title: docB.doc.title, language: docB.doc.language, job: docB.job, added: 2_000 },
    ]);
    expect((await store.listDocuments()).map((summary) => [summary.id, summary.added])).toEqual([['aaaa', 1_000], ['bbbb', 2_000]]);
    store.close();
  });

  it('version 8 gives answers stored before the engine\'s reading of them was kept their citations and not-found mark', async () => {
    const factory = new IDBFactory();
    const v7 = await openLociDb({ factory, migrations: MIGRATIONS.slice(0, 7) });
    const question = { role: 'user' as const, content: 'When?', sources: [], created: 1 };
    const old = { role: 'assistant' as const, content: 'In 1889 [1][3].', sources: [{ chunkId: 'aaaa:0', label: 'a' }], strategy: 'naive' as const, created: 2 };
    const kept = { ...old, content: 'Tall [1].', cited: [1], citations: [{ start: 5, end: 8, numbers: [1] }], created: 4 };
    const refusal = { ...old, content: 'The documents do not say.', created: 6 };
    await v7.put('chats', { id: 'c', title: 'When?', created: 1, messages: [question, old, { ...question, created: 3 }, kept, { ...question, created: 5 }, refusal] });
    v7.close();

    const db = await openLociDb({ factory });
    const chat = await db.get('chats', 'c');
    // the old answer's text is as stored; the bracket naming no source it was shown is no citation
    expect(chat?.messages).toEqual([
      question,
      { ...old, cited: [1], citations: [{ start: 8, end: 11, numbers: [1] }], notFound: false },
      { ...question, created: 3 },
      { ...kept, notFound: false },
      { ...question, created: 5 },
      { ...refusal, cited: [], citations: [], notFound: true },
    ]);
    db.close();
  });

  it('upgrades to the next version in place, keeping the data and transforming what the step changes', async () => {
    const factory = new IDBFactory();
    const current = await storeWith(snapshot(), factory);
    await current.db.put('settings', { key: 'chunkTokens', value: 120 });
    current.close();

    const db = await openLociDb({ factory, migrations: [...MIGRATIONS, wrapSettings] });
    expect(db.version).toBe(NEXT);
    expect(await db.get('settings', 'chunkTokens')).toEqual({
      key: 'chunkTokens',
      value: { was: 120, migrated: true },
    });
    expect(await new IdbIndexStore(db).load()).toEqual(snapshot());
    db.close();
  });

  it('runs all steps in order on a fresh database', async () => {
    const ran: string[] = [];
    const db = await openLociDb({
      factory: new IDBFactory(),
      migrations: [
        ...MIGRATIONS.map((step, i): Migration => async (...args) => {
          ran.push(`v${i + 1}`);
          await step(...args);
        }),
        (_db, tx) => {
          ran.push(`next sees ${tx.objectStoreNames.length} stores`);
        },
      ],
    });
    // every store an export holds, `meta`, `ocrPages`, `indexChanges` and `pendingImport`
    expect(ran).toEqual([...MIGRATIONS.map((_, i) => `v${i + 1}`), `next sees ${ALL_STORES.length + 4} stores`]);
    expect(db.version).toBe(NEXT);
    db.close();
  });

  it('a failing step leaves the database at its old version with its data', async () => {
    const factory = new IDBFactory();
    const current = await storeWith(snapshot(), factory);
    await current.db.put('settings', { key: 'theme', value: 'dark' });
    current.close();

    const failing: Migration = async (db, tx) => {
      await wrapSettings(db, tx);
      throw new Error('the next step failed');
    };
    await expect(openLociDb({ factory, migrations: [...MIGRATIONS, failing] })).rejects.toThrow('the next step failed');

    const db = await openLociDb({ factory });
    expect(db.version).toBe(DB_VERSION);
    expect(await db.get('settings', 'theme')).toEqual({ key: 'theme', value: 'dark' });
    expect(await new IdbIndexStore(db).load()).toEqual(snapshot());
    db.close();
  });

  it('an open connection does not block a later upgrade', async () => {
    const factory = new IDBFactory();
    const old = await openLociDb({ factory });
    const db = await openLociDb({ factory, migrations: [...MIGRATIONS, wrapSettings] });
    expect(db.version).toBe(NEXT);
    db.close();
    old.close();
  });
});
