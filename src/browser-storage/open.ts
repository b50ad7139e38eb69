/**
 * Opening the database through an injected IDBFactory, so tests (fake-indexeddb) and workers can
 * pass their own; idb's `openDB` always uses the global one.
 */
import { wrap } from 'idb';
import { DB_NAME, MIGRATIONS, runMigrations, type LociDb, type Migration, type UpgradeTransaction } from './schema.ts';

export interface OpenOptions {
  /** Defaults to `globalThis.indexedDB`. */
  factory?: IDBFactory;
  /** Defaults to `loci`. */
  name?: string;
  /** Defaults to the app's migrations; tests pass a longer list to exercise an upgrade. */
  migrations?: readonly Migration[];
}

function defaultFactory(): IDBFactory {
  const factory = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  if (!factory) throw new Error('IndexedDB is not available in this environment');
  return factory;
}

export async function openLociDb(options: OpenOptions = {}): Promise<LociDb> {
  const factory = options.factory ?? defaultFactory();
  const migrations = options.migrations ?? MIGRATIONS;
  const request = factory.open(options.name ?? DB_NAME, migrations.length);
  // The open request only reports a bare AbortError when a migration fails; keep the real cause.
  let migrationError: unknown;
  request.addEventListener('upgradeneeded', (event) => {
    const tx = request.transaction as IDBTransaction;
    const fail = (error: unknown) => {
      migrationError = error;
      try {
        tx.abort();
      } catch {
        // already finished: the open request reports the failure itself
      }
    };
    try {
      // idb's wrappers recognise IndexedDB objects through the global IDB* classes.
      const db = wrap(request.result) as unknown as LociDb;
      const upgrade = wrap(tx) as unknown as UpgradeTransaction;
      // The open request reports how the upgrade ended; this promise would only go unheard.
      upgrade.done.catch(() => undefined);
      runMigrations(migrations, db, upgrade, event.oldVersion, event.newVersion ?? migrations.length).catch(fail);
    } catch (error) {
      fail(error);
    }
  });
  let raw: IDBDatabase;
  try {
    raw = await new Promise<IDBDatabase>((resolve, reject) => {
      request.addEventListener('success', () => resolve(request.result));
      request.addEventListener('error', () => reject(request.error));
    });
  } catch (error) {
    throw migrationError ?? error;
  }
  // Another tab (or a test) upgrading the schema must not be blocked by this connection.
  raw.addEventListener('versionchange', () => raw.close());
  return wrap(raw) as unknown as LociDb;
}

export async function deleteLociDb(options: Pick<OpenOptions, 'factory' | 'name'> = {}): Promise<void> {
  const factory = options.factory ?? defaultFactory();
  const request = factory.deleteDatabase(options.name ?? DB_NAME);
  await new Promise<void>((resolve, reject) => {
    request.addEventListener('success', () => resolve());
    request.addEventListener('error', () => reject(request.error));
  });
}
