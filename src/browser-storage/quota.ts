/**
 * How much the browser lets the library use, and whether it may evict it. Browsers grant
 * persistence on their own terms (headless Chromium always refuses), so a refusal is an
 * ordinary outcome with advice for the person, not an error.
 */

/** The part of `navigator` used here; tests pass doubles. */
export interface StorageNavigator {
  storage?: Partial<Pick<StorageManager, 'estimate' | 'persisted' | 'persist'>>;
}

export interface StorageReport {
  /** Bytes used by this site, undefined when the browser does not say. */
  usage: number | undefined;
  /** Bytes this site may use, undefined when the browser does not say. */
  quota: number | undefined;
  /** True when the browser promised not to evict the data. */
  persisted: boolean;
}

export interface PersistenceResult {
  granted: boolean;
  message: string;
}

export const PERSISTENCE_GRANTED =
  'Storage is persistent: the browser will not delete your library to free space.';
export const PERSISTENCE_REFUSED =
  'The browser did not make storage persistent. It may delete the library when the device runs ' +
  'low on space. Export the library from time to time to keep a copy.';
export const PERSISTENCE_UNAVAILABLE =
  'This browser cannot make storage persistent. It may delete the library when the device runs ' +
  'low on space. Export the library from time to time to keep a copy.';

function currentNavigator(): StorageNavigator {
  return (globalThis as { navigator?: StorageNavigator }).navigator ?? {};
}

export async function storageReport(nav: StorageNavigator = currentNavigator()): Promise<StorageReport> {
  const storage = nav.storage;
  const estimate = storage?.estimate ? await storage.estimate().catch(() => undefined) : undefined;
  const persisted = storage?.persisted ? await storage.persisted().catch(() => false) : false;
  return { usage: estimate?.usage, quota: estimate?.quota, persisted };
}

export async function requestPersistence(nav: StorageNavigator = currentNavigator()): Promise<PersistenceResult> {
  const storage = nav.storage;
  if (!storage?.persist) return { granted: false, message: PERSISTENCE_UNAVAILABLE };
  if (storage.persisted && (await storage.persisted().catch(() => false))) {
    return { granted: true, message: PERSISTENCE_GRANTED };
  }
  // Some browsers reject instead of answering false (e.g. outside a secure context).
  const granted = await storage.persist().catch(() => false);
  return { granted, message: granted ? PERSISTENCE_GRANTED : PERSISTENCE_REFUSED };
}
