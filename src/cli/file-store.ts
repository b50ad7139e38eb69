/**
 * The CLI's IndexStore: the whole index in one file, rewritten atomically (temporary file, then
 * rename) so an interrupted run leaves the previous complete index, never half of one. Writes are
 * spaced out during long runs; `close()` writes whatever is left.
 */
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { decodeIndex, encodeIndex } from '../core/persist/binary-format.ts';
import { MemoryIndexStore } from '../core/persist/memory-store.ts';

export class FileIndexStore extends MemoryIndexStore {
  private dirty = false;
  private lastWrite = 0;
  private writing: Promise<void> = Promise.resolve();
  private failure: unknown;

  private constructor(
    readonly path: string,
    snapshot: ConstructorParameters<typeof MemoryIndexStore>[0],
    private readonly minIntervalMs: number,
  ) {
    super(snapshot);
  }

  /** Opens an index file, or an empty store when the file does not exist yet. */
  static async open(path: string, options: { minIntervalMs?: number } = {}): Promise<FileIndexStore> {
    const snapshot = existsSync(path) ? decodeIndex(new Uint8Array(await readFile(path))) : undefined;
    return new FileIndexStore(path, snapshot, options.minIntervalMs ?? 2000);
  }

  protected override changed(): void {
    this.dirty = true;
    // A background write that fails (disk full, permissions) is kept and raised by the next
    // awaited flush() or close(), where the command reports it, not as an unhandled rejection.
    if (Date.now() - this.lastWrite >= this.minIntervalMs) this.flush().catch((error: unknown) => (this.failure ??= error));
  }

  /** Writes the index now if anything changed since the last write. */
  async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    this.writing = this.writing.then(async () => {
      if (!this.dirty) return;
      const snapshot = this.snapshot();
      if (!snapshot) return;
      this.dirty = false;
      this.lastWrite = Date.now();
      // one per process, so a writer never renames another's half-written file into place
      const tmp = `${this.path}.${process.pid}.tmp`;
      await writeFile(tmp, encodeIndex(snapshot));
      await rename(tmp, this.path);
    });
    return this.writing;
  }

  async close(): Promise<void> {
    await this.flush();
  }
}
