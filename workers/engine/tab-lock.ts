/**
 * One tab at a time holds the library. Two tabs of the app used to run side by side on the same
 * IndexedDB: each resumed the unfinished documents and indexed them again, each wrote its own idea
 * of the library, and a document added in one was missing from the other's list until a reload.
 * Now the engine worker takes a Web Lock before it opens the store; a second tab waits, says so,
 * and opens the library once the first tab is closed (a worker's locks go with it).
 */
export const LIBRARY_LOCK = 'loci-library';

/** Holds the lock until the worker ends; `onWaiting` runs once if another tab holds it. */
export async function holdLibrary(onWaiting: () => void, locks: LockManager | undefined = globalThis.navigator?.locks): Promise<void> {
  // Web Locks are in every browser the app supports; without them a tab runs as it always did
  if (!locks) return;
  const forever = new Promise<never>(() => {});
  const held = await new Promise<boolean>((resolve) => {
    void locks.request(LIBRARY_LOCK, { ifAvailable: true }, (lock) => {
      resolve(lock !== null);
      return lock ? forever : undefined;
    });
  });
  if (held) return;
  onWaiting();
  await new Promise<void>((resolve) => {
    void locks.request(LIBRARY_LOCK, () => {
      resolve();
      return forever;
    });
  });
}
