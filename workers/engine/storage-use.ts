/** Settings › Storage: the browser's use and quota, the room left, and what each document takes. */
import { measureRoom, ROOM_PROBE_LIMIT, storageReport } from '../../src/browser-storage/quota.ts';
import type { StorageReport } from '../../src/protocol/api.ts';
import type { Library } from './library.ts';

/** The room left is measured (up to ROOM_PROBE_LIMIT) only while no document is being indexed: the probe writes. */
export async function storageUse(library: Library): Promise<StorageReport> {
  const [report, room] = await Promise.all([storageReport(), library.queue.running === undefined ? measureRoom(ROOM_PROBE_LIMIT) : undefined]);
  return {
    usage: report.usage ?? 0,
    quota: report.quota ?? 0,
    persisted: report.persisted,
    ...(room ? { free: room.free, freeAtLeast: room.atLeast } : {}),
    documents: library.storageByDocument(),
  };
}
