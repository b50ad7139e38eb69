/**
 * The open index's coordinator: the opens (index-open.ts), settings changes and library files
 * merged in (file-merge.ts) run one at a time here, and the rest of the worker reads the index it
 * opened. Each job has its unit: opening (index-open.ts), what follows an open (index-opened.ts:
 * the image, record-check.ts, warm-up.ts), a file searched before it is written
 * (open-then-write.ts), what the person is told (open-notices.ts).
 */
import type { LociEngine } from '../../src/core/engine/engine.ts';
import type { ImportReport, LibraryFileRead } from '../../src/browser-storage/export.ts';
import type { AppSettings, IndexOpening } from '../../src/protocol/api.ts';
import { Serial } from '../shared/serial.ts';
import type { EngineEvents } from './engine-events.ts';
import { holdsNothing, mergeLibraryFile, type MergeOptions } from './file-merge.ts';
import { IndexOpener, type OpenOptions } from './index-open.ts';
import { sayOpenFailed } from './open-notices.ts';
import type { Workspace } from './workspace.ts';

export class IndexHost {
  private readonly opener: IndexOpener;
  /** Opening, reopening and importing into the index, one at a time. */
  private readonly lock = new Serial();

  constructor(private readonly events: EngineEvents) {
    this.opener = new IndexOpener(events);
  }

  /** The open index; none before the first open, or while its embedder cannot be loaded. */
  get engine(): LociEngine | undefined {
    return this.opener.engine;
  }

  /** How the index was last opened. */
  get opening(): IndexOpening | undefined {
    return this.opener.opening;
  }

  /** Opens the index for these settings, unless it is open with their embedder already. */
  open(ws: Workspace, settings: AppSettings, options: Pick<OpenOptions, 'onSearchable'> = {}): Promise<void> {
    return this.lock.run(() => this.opener.open(ws, settings, options));
  }

  needEngine(): LociEngine {
    const engine = this.opener.engine;
    if (!engine) throw new Error('the library is still opening');
    return engine;
  }

  /**
   * New settings: an index that is not open (its embedder failed to load) may open with them, and
   * a new embedder opens the index again; when it cannot, the setting goes back to the embedder
   * that still serves the index.
   */
  async changeSettings(ws: Workspace, patch: Partial<AppSettings>): Promise<AppSettings> {
    const before = ws.settings.value;
    const after = await ws.settings.update(patch);
    ws.models.choose(after);
    if (!this.engine) {
      await this.open(ws, after).catch((error: unknown) => this.openFailed(error, after));
    } else if (after.embedderId !== before.embedderId) {
      try {
        await this.open(ws, after);
      } catch (error) {
        await ws.settings.update({ embedderId: before.embedderId });
        throw error;
      }
    }
    return ws.settings.value;
  }

  /**
   * Merges a library file already read and checked whole (file-merge.ts): into a library that
   * holds nothing yet, searchable from the file before its records are written (`onSearchable`).
   */
  importContents(ws: Workspace, file: LibraryFileRead, options: MergeOptions = {}): Promise<ImportReport> {
    const { embedder } = this.needEngine().manifest;
    return this.lock.run(() => mergeLibraryFile(ws, this.opener, embedder, file, options));
  }

  /** Whether the open library holds nothing: no document (indexed, queued or shown) and no entry. */
  holdsNothing(ws: Workspace): boolean {
    return holdsNothing(ws, this.engine);
  }

  /** Whether questions are searched by meaning yet (false while the embedder loads after an early open). */
  meaningReady(): boolean {
    return this.opener.meaningReady();
  }

  /** Why the index did not open, said to the person (open-notices.ts). */
  openFailed(error: unknown, settings: AppSettings): void {
    sayOpenFailed(this.events, error, settings);
  }
}
