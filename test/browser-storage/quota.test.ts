import { describe, expect, it } from 'vitest';
import { isStorageFull, measureRoom, ROOM_PROBE_LIMIT, roomUpTo, storageReport, type StorageNavigator } from '../../src/browser-storage/quota.ts';

function navigatorDouble(options: { persisted?: boolean; usage?: number; quota?: number }) {
  const calls: string[] = [];
  const nav: StorageNavigator = {
    storage: {
      estimate: async () => {
        calls.push('estimate');
        return { usage: options.usage, quota: options.quota };
      },
      persisted: async () => {
        calls.push('persisted');
        return options.persisted ?? false;
      },
    },
  };
  return { nav, calls };
}

describe('storage report', () => {
  it('reports usage, quota and persistence', async () => {
    const { nav } = navigatorDouble({ usage: 1_234_567, quota: 10_737_418_240, persisted: true });
    expect(await storageReport(nav)).toEqual({ usage: 1_234_567, quota: 10_737_418_240, persisted: true });
  });

  it('reports unknowns when the API is absent', async () => {
    expect(await storageReport({})).toEqual({ usage: undefined, quota: undefined, persisted: false });
  });

  it('knows a refusal for want of room however it was wrapped, and nothing else', () => {
    const full = new DOMException('', 'QuotaExceededError');
    expect(isStorageFull(full)).toBe(true);
    expect(isStorageFull(new Error('stopped', { cause: full }))).toBe(true);
    expect(isStorageFull(new DOMException('gone', 'NotFoundError'))).toBe(false);
    expect(isStorageFull('QuotaExceededError')).toBe(false);
    expect(isStorageFull(undefined)).toBe(false);
  });
});

/** A quota check that lets `room` more bytes be stored, counting how often it is asked. */
function quotaCheck(room: number) {
  const asked: number[] = [];
  return { asked, fits: async (bytes: number) => (asked.push(bytes), bytes <= room) };
}

describe('roomUpTo', () => {
  it('answers at once when the whole of it fits', async () => {
    const check = quotaCheck(5_000_000);
    expect(await roomUpTo(1_800_000, check.fits)).toBe(1_800_000);
    expect(check.asked).toEqual([1_800_000]);
  });

  it('finds the room left to within 1/32 of it (4 KB at least), in a few dozen checks', async () => {
    for (const room of [0, 3_000, 100_000, 512_000, 1_799_999, 700_000_000]) {
      const check = quotaCheck(room);
      const found = await roomUpTo(1024 ** 3, check.fits);
      expect(found, `room ${room}`).toBeLessThanOrEqual(room);
      expect(room - found, `room ${room}`).toBeLessThanOrEqual(Math.max(4096, found / 32));
      expect(check.asked.length, `room ${room}`).toBeLessThan(40);
    }
  });
});

/** The origin private file system as far as measureRoom uses it: a writable's truncate is refused past `room`. */
function fileSystemDouble(room: number, estimate?: { usage: number; quota: number }) {
  const files = new Set<string>();
  const asked: number[] = [];
  const nav: StorageNavigator = {
    storage: {
      estimate: async () => estimate ?? {},
      getDirectory: async () =>
        ({
          getFileHandle: async (name: string) => {
            files.add(name);
            return {
              createWritable: async () => ({
                truncate: async (bytes: number) => {
                  asked.push(bytes);
                  if (bytes > room) throw new DOMException('The operation failed because it would cause the application to exceed its storage quota.', 'QuotaExceededError');
                },
                abort: async () => undefined,
              }),
            };
          },
          removeEntry: async (name: string) => void files.delete(name),
        }) as unknown as FileSystemDirectoryHandle,
    },
  };
  return { nav, files, asked };
}

describe('measureRoom', () => {
  it("measures by the browser's quota check, not by an estimate that says 10 GiB more than is used, and leaves no file", async () => {
    const { nav, files } = fileSystemDouble(500_000, { usage: 52_000_000, quota: 52_000_000 + 10 * 1024 ** 3 });
    const room = await measureRoom(1_800_000, nav);
    expect(room?.atLeast).toBe(false);
    expect(room?.free).toBeGreaterThan(480_000);
    expect(room?.free).toBeLessThanOrEqual(500_000);
    expect(files.size).toBe(0);
    expect(await measureRoom(400_000, nav)).toEqual({ free: 400_000, atLeast: true });
  });

  it('asks for no more than 64 MiB at once, and then says there is at least that much', async () => {
    const { nav, asked } = fileSystemDouble(10 * 1024 ** 3);
    expect(await measureRoom(1024 ** 3, nav)).toEqual({ free: ROOM_PROBE_LIMIT, atLeast: true });
    expect(Math.max(...asked)).toBe(ROOM_PROBE_LIMIT);
  });

  it('believes an estimate that says there is less, and falls back on it without a file system', async () => {
    expect(await measureRoom(1_800_000, fileSystemDouble(10_000_000, { usage: 900, quota: 1000 }).nav)).toEqual({ free: 100, atLeast: false });
    const estimateOnly: StorageNavigator = { storage: { estimate: async () => ({ usage: 1_000, quota: 301_000 }) } };
    expect(await measureRoom(1_800_000, estimateOnly)).toEqual({ free: 300_000, atLeast: false });
    expect(await measureRoom(1_800_000, {})).toBeUndefined();
  });
});
