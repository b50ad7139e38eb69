/**
 * Collections beside the library in IndexedDB (fake-indexeddb): made, named, filled and emptied
 * in one transaction each; a library stored before collections opens with none, and a file
 * exported before them imports; they travel in the library file's header.
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  CollectionNameError,
  createCollection,
  deleteCollection,
  leaveCollections,
  listCollections,
  renameCollection,
  setInCollection,
} from '../../src/browser-storage/collections.ts';
import { exportLibrary, importLibrary } from '../../src/browser-storage/export.ts';
import { openLociDb } from '../../src/browser-storage/open.ts';
import { MIGRATIONS } from '../../src/browser-storage/schema.ts';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeIndex, encodeIndex } from '../../src/core/stored-index/binary-format.ts';
import './fixtures.ts';

describe('collections', () => {
  it('are made, renamed, filled, emptied and deleted; a name taken gets the documents instead of a second collection', async () => {
    const db = await openLociDb({ factory: new IDBFactory() });
    const laws = await createCollection(db, '  Laws ', ['a', 'b', 'a'], 1);
    expect(laws).toMatchObject({ name: 'Laws', docIds: ['a', 'b'], created: 1 });
    const again = await createCollection(db, 'laws', ['c', 'b'], 2);
    expect(again).toEqual({ ...laws, docIds: ['a', 'b', 'c'] });
    const books = await createCollection(db, 'Books', [], 3);
    expect((await listCollections(db)).map((c) => c.name)).toEqual(['Laws', 'Books']);

    await expect(createCollection(db, '   ')).rejects.toThrow(CollectionNameError);
    await expect(renameCollection(db, books.id, 'LAWS')).rejects.toThrow(/already named/);
    await renameCollection(db, books.id, 'Novels');
    await setInCollection(db, books.id, ['b', 'd'], true);
    await setInCollection(db, laws.id, ['a'], false);
    expect(await leaveCollections(db, 'b')).toBe(true);
    expect(await leaveCollections(db, 'nowhere')).toBe(false);
    expect((await listCollections(db)).map((c) => [c.name, c.docIds])).toEqual([['Laws', ['c']], ['Novels', ['d']]]);

    await deleteCollection(db, laws.id);
    expect((await listCollections(db)).map((c) => c.name)).toEqual(['Novels']);
    await expect(setInCollection(db, laws.id, ['a'], true)).rejects.toThrow(/deleted/);
  });

  it('leave a library stored before them as it was, and a file exported before them imports with none', async () => {
    const factory = new IDBFactory();
    const v8 = await openLociDb({ factory, migrations: MIGRATIONS.slice(0, 8) });
    await v8.put('chats', { id: 'c', title: 'Old', created: 1, messages: [] });
    v8.close();
    const db = await openLociDb({ factory });
    expect(await listCollections(db)).toEqual([]);
    expect(await db.get('chats', 'c')).toEqual({ id: 'c', title: 'Old', created: 1, messages: [] });

    // an older export (a zip) without the collections list, as one made before them
    const files = unzipSync(new Uint8Array(readFileSync(path.join(import.meta.dirname, 'fixtures', 'library-export-v2.zip'))));
    const meta = JSON.parse(strFromU8(files['loci-export.json'])) as Record<string, unknown>;
    expect(meta.collections).toHaveLength(1);
    delete meta.collections;
    files['loci-export.json'] = strToU8(JSON.stringify(meta));
    const fresh = await openLociDb({ factory: new IDBFactory() });
    const report = await importLibrary(fresh, zipSync(files), { mode: 'replace' });
    expect(report.collections).toBe(0);
    expect((await fresh.get('chats', 'chat-1'))?.title).toBe('About alpha');
    expect(await listCollections(fresh)).toEqual([]);
  });

  it('travel in the library file\'s header, the list the CLI keeps too, and a library file without them imports with none', async () => {
    const db = await openLociDb({ factory: new IDBFactory() });
    const shelf = await createCollection(db, 'Shelf', ['x', 'y'], 5);
    const file = await exportLibrary(db);
    expect((await decodeIndex(file)).collections).toEqual([shelf]);
    const fresh = await openLociDb({ factory: new IDBFactory() });
    expect((await importLibrary(fresh, file, { mode: 'replace' })).collections).toBe(1);
    expect(await listCollections(fresh)).toEqual([shelf]);

    const without = await openLociDb({ factory: new IDBFactory() });
    const report = await importLibrary(without, await encodeIndex({ ...(await decodeIndex(file)), collections: undefined }), { mode: 'replace' });
    expect(report.collections).toBe(0);
    expect(await listCollections(without)).toEqual([]);
  });
});
