/**
 * The CLI's IndexStore: the whole index in one library file (core/stored-index/binary-format.ts,
 * the format the app exports and imports too), rewritten atomically (temporary file, then rename)
 * so an interrupted run leaves the previous complete index, never half of one. Checkpoints are
 * spaced out during long runs (see `changed`); `close()` writes whatever is left. Damaged blocks
 * found on open (checksums) are not loaded, and while that damage is held the store refuses to
 * write: a rewrite would carry on without the damaged documents and say nothing. `loci repair`
 * accepts the loss once it has rebuilt or named them.
 *
 * The file also keeps what is not the core IndexStore port's, whose other stores keep none: the
 * collections (`loci index --collection`, and the app's: one list), each document's original
 * file (`keepOriginal`), and the app's records (chats, settings), which the CLI never reads and
 * writes back as it read them. An older app export (a zip) is read in place of a library file by
 * a read-only store (ask, inspect) and refused by a writer, which names `loci convert`.
 */
import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { decodeIndex, encodeIndex, type BlockCache } from '../core/stored-index/binary-format.ts';
import { MemoryIndexStore } from '../core/stored-index/memory-store.ts';
import { describeDamage, IndexDamagedError, type Damage } from '../core/stored-index/damage.ts';
import { isUnindexed } from '../core/stored-index/manifest.ts';
import type { DocumentRecord, GroupRecord, IndexSnapshot, Original } from '../core/stored-index/snapshot.ts';
import type { Collection } from '../core/engine/scope.ts';
import { convertHint, isOlderExport, OlderExportError, snapshotOfOlderExport } from './older-export.ts';

export class FileIndexStore extends MemoryIndexStore {
  private dirty = false;
  private lastWrite = 0;
  /** How long the last write took. */
  private lastWriteMs = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();
  private failure: unknown;
  /** Damage found on open; the file is not rewritten while any is held. */
  private held: Damage[];
  /** Each record's encoded blocks, so a checkpoint encodes only what changed since the last. */
  private readonly encoded: BlockCache = new WeakMap();
  /** A document moved to another stage since the last write. */
  private stageEnded = false;
  /** As read, ids of documents set aside as damaged included: repair may bring them back. */
  private kept: Collection[];
  /** The originals, by document id, in the order they came: the file's, then those kept since. */
  private readonly originals = new Map<string, Original>();
  /** The ids of the originals read from the file: written back whether or not the index holds their document (the app's files not indexed yet). */
  private readonly fromFile: ReadonlySet<string>;
  /** The app's records as read, written back unchanged. */
  private readonly appRecords: Uint8Array | undefined;

  private constructor(
    readonly path: string,
    snapshot: IndexSnapshot | undefined,
    private readonly minIntervalMs: number,
    /** Changes stay in memory and the file is never written (ask, inspect: they hold no lock). */
    private readonly readOnly: boolean,
    /** The file is an older app export (a zip), read as converted; never written (the store is read-only). */
    readonly olderExport = false,
  ) {
    // an app library exported before its first document was indexed holds no index: one is made here
    super(snapshot && isUnindexed(snapshot.manifest) && snapshot.documents.length === 0 ? undefined : snapshot);
    this.held = snapshot?.damage ?? [];
    this.kept = snapshot?.collections ?? [];
    for (const original of snapshot?.originals ?? []) this.originals.set(original.id, original);
    this.fromFile = new Set(this.originals.keys());
    this.appRecords = snapshot?.appRecords;
  }

  /** The original of a document, when the file keeps it (intact). */
  original(id: string): Original | undefined {
    return this.originals.get(id);
  }

  /**
   * Keeps a file's bytes as the original of the document made from them (`id`, their SHA-256):
   * written with that document once the index holds it, and never if it does not (a file refused).
   * One kept already stays as it is; a document held already (indexed before originals were kept,
   * or repaired) gains it with the next write.
   */
  async keepOriginal(original: Omit<Original, 'added'>): Promise<void> {
    if (this.originals.has(original.id)) return;
    // under its document's name when the index holds it already (the same bytes given another name);
    // with no time added, as the index records none (see Original.added)
    const name = this.documents.get(original.id)?.doc.name ?? original.name;
    this.originals.set(original.id, { ...original, name });
    if (this.documents.has(original.id)) await this.changed();
  }

  /** The collections, in the order they were made. */
  get collections(): readonly Collection[] {
    return this.kept;
  }

  /** Stores a collection, replacing the one with its id or coming last; written with the next checkpoint. */
  async putCollection(collection: Collection): Promise<void> {
    const at = this.kept.findIndex((c) => c.id === collection.id);
    this.kept = at < 0 ? [...this.kept, collection] : this.kept.map((c, i) => (i === at ? collection : c));
    await this.changed();
  }

  /**
   * Takes out of every collection the documents the index no longer holds (those repair dropped:
   * they were set aside on open, so no deleteDocument names them); writes only when one left.
   */
  async pruneCollections(held: ReadonlySet<string>): Promise<void> {
    if (this.kept.every((c) => c.docIds.every((id) => held.has(id)))) return;
    this.kept = this.kept.map((c) => ({ ...c, docIds: c.docIds.filter((id) => held.has(id)) }));
    await this.changed();
  }

  override snapshot(): IndexSnapshot | undefined {
    const snapshot = super.snapshot();
    if (!snapshot) return undefined;
    const originals = [...this.originals.values()].filter((o) => this.documents.has(o.id) || this.fromFile.has(o.id));
    return {
      ...snapshot,
      ...(this.kept.length > 0 ? { collections: this.kept } : {}),
      ...(originals.length > 0 ? { originals } : {}),
      ...(this.appRecords ? { appRecords: this.appRecords } : {}),
    };
  }

  /** Damage found on open that no repair has accepted yet. */
  get damage(): readonly Damage[] {
    return this.held;
  }

  override async load(): Promise<IndexSnapshot | undefined> {
    const snapshot = this.snapshot();
    return snapshot && this.held.length > 0 ? { ...snapshot, damage: this.held } : snapshot;
  }

  // A record put again is encoded again, even were it the same object changed in place.
  override putDocument(record: DocumentRecord): Promise<void> {
    this.encoded.delete(record);
    if (this.documents.get(record.doc.id)?.job.stage !== record.job.stage) this.stageEnded = true;
    return super.putDocument(record);
  }

  // A document removed leaves its collections in the same write, and its original goes with it.
  override deleteDocument(docId: string): Promise<void> {
    this.originals.delete(docId);
    if (this.kept.some((c) => c.docIds.includes(docId))) {
      this.kept = this.kept.map((c) => (c.docIds.includes(docId) ? { ...c, docIds: c.docIds.filter((id) => id !== docId) } : c));
    }
    return super.deleteDocument(docId);
  }

  override putGroup(record: GroupRecord): Promise<void> {
    this.encoded.delete(record);
    return super.putGroup(record);
  }

  /** Lets the file be rewritten without the damaged records (repair has rebuilt or named them), as the next write will. */
  acceptDamage(): void {
    // written even when nothing else changes (a damaged copy of an original dropped), so the damage goes
    if (this.held.length > 0) this.dirty = true;
    this.held = [];
  }

  /**
   * Opens a library file, or an empty store when the file does not exist yet. An older app export
   * is read as converted when `readOnly`, and refused otherwise (OlderExportError).
   */
  static async open(path: string, options: { minIntervalMs?: number; readOnly?: boolean } = {}): Promise<FileIndexStore> {
    const readOnly = options.readOnly === true;
    const bytes = existsSync(path) ? new Uint8Array(await readFile(path)) : undefined;
    if (bytes && isOlderExport(bytes)) {
      if (!readOnly) {
        throw new OlderExportError(`${path} is a library exported by an older version of the Loci app (a zip archive), which loci reads but does not rewrite: convert it first with: ${convertHint(path)}`);
      }
      return new FileIndexStore(path, await snapshotOfOlderExport(path, bytes), 0, true, true);
    }
    const snapshot = bytes ? await decodeIndex(bytes) : undefined;
    return new FileIndexStore(path, snapshot, options.minIntervalMs ?? 250, readOnly);
  }

  /**
   * Writes a checkpoint when one is due, before the change that made it resolves: the indexer
   * awaits each stage's write, so the stage is on disk before the next one holds the thread
   * (clustering runs without yielding, and a change left to a timer waits for it). See
   * `checkpointDelay` for when a change is due.
   */
  protected override async changed(): Promise<void> {
    if (this.readOnly) return;
    this.dirty = true;
    const wait = checkpointDelay({ now: Date.now(), lastWrite: this.lastWrite, lastWriteMs: this.lastWriteMs, minIntervalMs: this.minIntervalMs, stageEnded: this.stageEnded });
    if (wait > 0) return this.writeLater(wait);
    // A checkpoint that fails (disk full, permissions) is kept and raised by the next awaited
    // flush() or close(), where the command reports it: the run goes on, the final write decides.
    await this.flush().catch((error: unknown) => {
      this.failure ??= error;
    });
  }

  private writeLater(wait: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.dirty) this.flush().catch((error: unknown) => (this.failure ??= error));
    }, wait);
    // the timer never keeps a finished command alive: close() writes what is left
    this.timer.unref();
  }

  /** A checkpoint put off to space the writes is written now (see IndexStore.settle). */
  async settle(): Promise<void> {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Writes the index now if anything changed since the last write. */
  async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.held.length > 0) {
      throw new IndexDamagedError(`${this.path} is damaged and is not rewritten: ${this.held.map(describeDamage).join('; ')}. Run loci repair ${this.path}`, this.held);
    }
    this.writing = this.writing.then(async () => {
      if (!this.dirty) return;
      const snapshot = this.snapshot();
      if (!snapshot) return;
      this.dirty = false;
      this.stageEnded = false;
      const started = Date.now();
      // one per process, so a writer never renames another's half-written file into place
      const tmp = `${this.path}.${process.pid}.tmp`;
      await writeFile(tmp, await encodeIndex(snapshot, this.encoded));
      await rename(tmp, this.path);
      this.lastWrite = Date.now();
      this.lastWriteMs = this.lastWrite - started;
    });
    return this.writing;
  }

  /**
   * Leaves no file behind: for a run that created the index and put nothing in it (every file it
   * was given refused), whose checkpoints may already have written an empty index.
   */
  async discard(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.dirty = false;
    await this.writing.catch(() => undefined);
    await rm(this.path, { force: true });
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}

export interface CheckpointClock {
  now: number;
  /** When the last write ended, and how long it took (ms). */
  lastWrite: number;
  lastWriteMs: number;
  minIntervalMs: number;
  /** A document reached another stage since the last write. */
  stageEnded: boolean;
}

/**
 * How long a change may wait before it is written (0 or less: now). A document that finished a
 * stage is written once `minIntervalMs` has passed since the last write, so a kill loses no
 * finished stage, only the one under way: with the old rule alone, a rerun after a kill could take
 * as long as the whole run, the last one or two stages finished being still unwritten
 * (docs/decisions/2026-11-26-resume-after-a-kill.md). A checkpoint inside a stage (a pre-parse
 * batch) waits `minIntervalMs` or nine times as long as the last write took, whichever is longer,
 * so rewriting a large file for them costs at most a tenth of the run. Stage ends are not held to
 * that tenth: about five writes per document, each of which encodes only that document.
 */
export function checkpointDelay(clock: CheckpointClock): number {
  const spacing = clock.stageEnded ? clock.minIntervalMs : Math.max(clock.minIntervalMs, 9 * clock.lastWriteMs);
  return clock.lastWrite + spacing - clock.now;
}
