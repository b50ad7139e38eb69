/**
 * Asking the browser to keep the library when space runs low (`navigator.storage.persist()`,
 * which exists only in a window, so the page asks, not the engine's worker). Browsers grant it on
 * their own terms (headless Chromium always refuses): a refusal is an ordinary outcome that
 * Settings › Storage reports, not an error.
 */

export type Persistence = 'granted' | 'refused' | 'unavailable';

/** The part of `navigator` used here; tests pass doubles. */
export interface PersistNavigator {
  storage?: Partial<Pick<StorageManager, 'persist' | 'persisted'>>;
}

function currentNavigator(): PersistNavigator {
  return (globalThis as { navigator?: PersistNavigator }).navigator ?? {};
}

/** Whether the browser already keeps the library. */
export async function isKept(nav: PersistNavigator = currentNavigator()): Promise<boolean> {
  return nav.storage?.persisted ? await nav.storage.persisted().catch(() => false) : false;
}

export async function askToKeep(nav: PersistNavigator = currentNavigator()): Promise<Persistence> {
  const storage = nav.storage;
  if (!storage?.persist) return 'unavailable';
  if (await isKept(nav)) return 'granted';
  // Some browsers reject instead of answering false (e.g. outside a secure context).
  return (await storage.persist().catch(() => false)) ? 'granted' : 'refused';
}
