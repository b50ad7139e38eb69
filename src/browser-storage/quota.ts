/**
 * How much the browser lets the library use. `estimate()` no longer says: Chromium reports usage +
 * 10 GiB whatever the real limit is (so that a site cannot tell the disk's size or a private
 * window), and enforces the real one. What is left is found by asking the browser's own quota
 * check instead: it is asked to make room for a scratch file of a given size, which is never
 * written. Whether the browser keeps the library (`persist()`) is asked by the page: that call
 * exists only in a window.
 */

/** The part of `navigator` used here; tests pass doubles. */
export interface StorageNavigator {
  storage?: Partial<Pick<StorageManager, 'estimate' | 'persisted' | 'getDirectory'>>;
}

export interface StorageReport {
  /** Bytes used by this site, undefined when the browser does not say. */
  usage: number | undefined;
  /** Bytes this site may use as the browser reports it, undefined when it does not say. */
  quota: number | undefined;
  /** True when the browser promised not to evict the data. */
  persisted: boolean;
}

/** Whether `bytes` more would fit, by the browser's quota check. */
export type RoomCheck = (bytes: number) => Promise<boolean>;

export interface Room {
  /** Bytes this site may still store, as far as they were measured. */
  free: number;
  /** The measure stopped at its limit: there is at least `free`, perhaps more. */
  atLeast: boolean;
}

/**
 * The most room asked for at once. Making room is not free: Chromium took seconds to make room for
 * a gibibyte in a private window, whose files live in memory
 * (docs/decisions/2026-12-07-storage-and-open-measured.md).
 */
export const ROOM_PROBE_LIMIT = 64 * 1024 * 1024;

/** Where the doubling search starts. */
const FIRST_PROBE = 64 * 1024;
/** The search stops within this many bytes, or within 1/32 of the room found if that is more. */
const FINEST_STEP = 4 * 1024;
const PROBE_FILE = 'loci-room-probe';

function currentNavigator(): StorageNavigator {
  return (globalThis as { navigator?: StorageNavigator }).navigator ?? {};
}

export async function storageReport(nav: StorageNavigator = currentNavigator()): Promise<StorageReport> {
  const storage = nav.storage;
  const estimate = storage?.estimate ? await storage.estimate().catch(() => undefined) : undefined;
  const persisted = storage?.persisted ? await storage.persisted().catch(() => false) : false;
  return { usage: estimate?.usage, quota: estimate?.quota, persisted };
}

/** Whether an error is the browser refusing a write for want of room, however it was wrapped. */
export function isStorageFull(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { name?: unknown }).name === 'QuotaExceededError') return true;
  }
  return false;
}

/**
 * The room there is, up to `atMost` bytes: `atMost` at once when it fits, else a doubling search
 * for the range and halving within it, a few dozen checks at most.
 */
export async function roomUpTo(atMost: number, fits: RoomCheck): Promise<number> {
  if (atMost <= 0) return 0;
  if (await fits(atMost)) return atMost;
  let low = 0;
  let high = Math.min(atMost, FIRST_PROBE);
  while (high < atMost && (await fits(high))) {
    low = high;
    high = Math.min(atMost, high * 2);
  }
  while (high - low > Math.max(FINEST_STEP, low / 32)) {
    const middle = Math.floor((low + high) / 2);
    if (await fits(middle)) low = middle;
    else high = middle;
  }
  return low;
}

/**
 * The room this site has left, up to `atMost`: the least of what the browser reports and what its
 * quota check allows. Undefined when neither can be asked. The check holds the room it asks about
 * for a moment (a few milliseconds each, a few dozen at most): a write meanwhile may be refused,
 * so callers measure while they write nothing else.
 */
export async function measureRoom(atMost: number, nav: StorageNavigator = currentNavigator()): Promise<Room | undefined> {
  const report = await storageReport(nav);
  const reported = report.quota !== undefined && report.usage !== undefined ? Math.max(0, report.quota - report.usage) : undefined;
  const byReport = reported === undefined ? undefined : { free: Math.min(atMost, reported), atLeast: reported >= atMost };
  const probe = await scratchFile(nav);
  if (!probe) return byReport;
  const capped = Math.min(atMost, ROOM_PROBE_LIMIT);
  const limit = Math.min(capped, reported ?? capped);
  try {
    const free = await roomUpTo(limit, probe.fits);
    // at the measure's own limit there may be more; at the limit the browser reports, there is not
    return { free, atLeast: free >= capped };
  } catch {
    return byReport;
  } finally {
    await probe.remove();
  }
}

/**
 * A file of the origin private file system to ask room for: a writable of the size asked for is
 * opened and thrown away, so the browser checks its quota and nothing is written.
 */
async function scratchFile(nav: StorageNavigator): Promise<{ fits: RoomCheck; remove: () => Promise<void> } | undefined> {
  if (!nav.storage?.getDirectory) return undefined;
  // a name of its own, so that two measures at once do not remove each other's file
  const name = `${PROBE_FILE}-${Math.random().toString(36).slice(2)}`;
  let root: FileSystemDirectoryHandle;
  let handle: FileSystemFileHandle;
  try {
    root = await nav.storage.getDirectory();
    handle = await root.getFileHandle(name, { create: true });
  } catch {
    return undefined;
  }
  return {
    fits: async (bytes) => {
      const writable = await handle.createWritable({ keepExistingData: false });
      try {
        await writable.truncate(bytes);
        return true;
      } catch (error) {
        if (isStorageFull(error)) return false;
        throw error;
      } finally {
        await writable.abort().catch(() => undefined);
      }
    },
    remove: () => root.removeEntry(name).catch(() => undefined),
  };
}
