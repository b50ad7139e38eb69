/** The parts of a Library's deps the tests of its jobs need not think about: room enough, events recorded. */
import type { EngineNotice, LibraryEvent, NoticeSubject } from '../../src/protocol/api.ts';
import type { Room } from '../../src/browser-storage/quota.ts';
import type { LociDb } from '../../src/browser-storage/schema.ts';
import { UnstoredFiles } from '../../workers/engine/unstored-files.ts';

export interface StorageDeps {
  unstored: UnstoredFiles;
  room: (atMost: number) => Promise<Room | undefined>;
  notify: (notice: EngineNotice, subject: NoticeSubject) => void;
  resolved: (subject: NoticeSubject) => void;
}

/** `free`: the bytes the browser lets the library still store (plenty by default). */
export function storageDeps(db: LociDb, options: { free?: () => number } = {}): StorageDeps & { events: LibraryEvent[] } {
  const events: LibraryEvent[] = [];
  const free = options.free ?? (() => Number.MAX_SAFE_INTEGER);
  return {
    events,
    unstored: new UnstoredFiles(db),
    room: async (atMost) => ({ free: Math.min(atMost, free()), atLeast: free() >= atMost }),
    notify: (notice, subject) => events.push({ type: 'notice', notice, subject }),
    resolved: (subject) => events.push({ type: 'resolved', subject }),
  };
}
