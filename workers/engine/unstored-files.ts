/**
 * Dropped files the library could not store (no room, or the file could not be read). Each keeps
 * its row, with the File itself while this tab is open so that Retry can store it again; what the
 * row says is kept in the settings store as well, so after a reload it still tells the person
 * which file to drop again rather than vanish.
 */
import type { StorageShortage } from '../../src/protocol/api.ts';
import type { LociDb } from '../../src/browser-storage/schema.ts';

const KEY = 'library.unstored';

export interface UnstoredFile {
  /** The SHA-256 of its bytes, or, for a file that could not be read, its name, size and date. */
  id: string;
  name: string;
  mime: string;
  size: number;
  added: number;
  shortage?: StorageShortage;
  /** Why it was not stored when it was not for want of room (names the file). */
  error?: string;
}

export class UnstoredFiles {
  private readonly entries = new Map<string, UnstoredFile>();
  /** Held by this tab only: gone after a reload. */
  private readonly files = new Map<string, File>();

  constructor(private readonly db: LociDb) {}

  async load(): Promise<void> {
    const record = await this.db.get('settings', KEY);
    for (const entry of Array.isArray(record?.value) ? (record.value as unknown[]) : []) {
      if (isEntry(entry)) this.entries.set(entry.id, entry);
    }
  }

  list(): UnstoredFile[] {
    return [...this.entries.values()];
  }

  get(id: string): UnstoredFile | undefined {
    return this.entries.get(id);
  }

  file(id: string): File | undefined {
    return this.files.get(id);
  }

  async keep(entry: UnstoredFile, file: File): Promise<void> {
    this.entries.set(entry.id, entry);
    this.files.set(entry.id, file);
    await this.save();
  }

  async forget(id: string): Promise<void> {
    this.files.delete(id);
    if (this.entries.delete(id)) await this.save();
  }

  private async save(): Promise<void> {
    // With the storage full this small write may be refused too: the rows then last until a reload.
    await this.db.put('settings', { key: KEY, value: this.list() }).catch(() => undefined);
  }
}

/** The id of a file that could not be read: no hash of its bytes can name it. */
export function unreadFileId(file: File): string {
  return `unread:${file.name}:${file.size}:${file.lastModified}`;
}

function isEntry(value: unknown): value is UnstoredFile {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.id === 'string' && typeof entry.name === 'string' && typeof entry.mime === 'string' && typeof entry.size === 'number' && typeof entry.added === 'number';
}
