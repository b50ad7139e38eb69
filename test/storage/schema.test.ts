import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { IdbIndexStore } from '../../src/storage/idb-index-store.ts';
import { openLociDb } from '../../src/storage/open.ts';
import { DB_NAME, DB_VERSION, MIGRATIONS, type Migration } from '../../src/storage/schema.ts';
import { snapshot, storeWith } from './fixtures.ts';

/** A test-only second version: settings values become `{ value, migrated: true }`, read with a cursor. */
const wrapSettings: Migration = async (_db, tx) => {
  let cursor = await tx.objectStore('settings').openCursor();
  while (cursor) {
    await cursor.update({ key: cursor.value.key, value: { was: cursor.value.value, migrated: true } });
    cursor = await cursor.continue();
  }
};

describe('schema and migrations', () => {
  it('creates every store at version 1', async () => {
    const db = await openLociDb({ factory: new IDBFactory() });
    expect(db.name).toBe(DB_NAME);
    expect(db.version).toBe(DB_VERSION);
    expect(DB_VERSION).toBe(1);
    expect([...db.objectStoreNames].sort()).toEqual(
      ['chats', 'chunks', 'documents', 'entries', 'groups', 'manifest', 'originals', 'settings'],
    );
    db.close();
  });

  it('upgrades v1 to v2 in place, keeping the data and transforming what the step changes', async () => {
    const factory = new IDBFactory();
    const v1 = await storeWith(snapshot(), factory);
    await v1.db.put('settings', { key: 'chunkTokens', value: 120 });
    v1.close();

    const db = await openLociDb({ factory, migrations: [...MIGRATIONS, wrapSettings] });
    expect(db.version).toBe(2);
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
        async (...args) => {
          ran.push('v1');
          await MIGRATIONS[0](...args);
        },
        (_db, tx) => {
          ran.push(`v2 sees ${tx.objectStoreNames.length} stores`);
        },
      ],
    });
    expect(ran).toEqual(['v1', 'v2 sees 8 stores']);
    expect(db.version).toBe(2);
    db.close();
  });

  it('a failing step leaves the database at its old version with its data', async () => {
    const factory = new IDBFactory();
    const v1 = await storeWith(snapshot(), factory);
    await v1.db.put('settings', { key: 'theme', value: 'dark' });
    v1.close();

    const failing: Migration = async (db, tx) => {
      await wrapSettings(db, tx);
      throw new Error('step 2 failed');
    };
    await expect(openLociDb({ factory, migrations: [...MIGRATIONS, failing] })).rejects.toThrow('step 2 failed');

    const db = await openLociDb({ factory });
    expect(db.version).toBe(1);
    expect(await db.get('settings', 'theme')).toEqual({ key: 'theme', value: 'dark' });
    expect(await new IdbIndexStore(db).load()).toEqual(snapshot());
    db.close();
  });

  it('an open connection does not block a later upgrade', async () => {
    const factory = new IDBFactory();
    const old = await openLociDb({ factory });
    const db = await openLociDb({ factory, migrations: [...MIGRATIONS, wrapSettings] });
    expect(db.version).toBe(2);
    db.close();
    old.close();
  });
});
