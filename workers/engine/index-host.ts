/**
 * The open index: the LociEngine over the stored library with the embedder it was built by. It
 * opens at start (before its model has loaded when it can), again when the embedder changes or a
 * library is imported, one at a time; it says what it found (damage, a rebuild) and checks the
 * records behind an image-opened library in the background.
 */
import { LociEngine, type EngineOptions } from '../../src/core/engine/engine.ts';
import type { Embedder } from '../../src/core/ports.ts';
import { DEFAULT_SETTINGS, IndexMismatchError, type ManifestSettings } from '../../src/core/stored-index/manifest.ts';
import type { IndexSnapshot } from '../../src/core/stored-index/snapshot.ts';
import { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import { importLibraryContents, readLibraryFile, type ImportOptions, type ImportReport, type LibraryFileRead } from '../../src/browser-storage/export.ts';
import type { AppSettings, IndexOpening } from '../../src/protocol/api.ts';
import { Serial } from '../shared/serial.ts';
import { WorkerClusterRunner } from './cluster-worker.ts';
import type { EngineEvents } from './engine-events.ts';
import { errorWords } from './error-words.ts';
import { PendingEmbedder } from './pending-embedder.ts';
import { restoreDamagedRecords } from './restore-records.ts';
import type { Workspace } from './workspace.ts';
import { runTasksApart } from './tasks-apart.ts';
import { timeSlices } from './time-slices.ts';

/** How long the library must be quiet before the records behind an image-opened library are checked. */
const RECORD_CHECK_QUIET_MS = 5000;

export class IndexHost {
  /** The open index; none before the first open, or while its embedder cannot be loaded. */
  engine: LociEngine | undefined;
  /** How the index was last opened. */
  opening: IndexOpening | undefined;
  /** The embedder the open index started with while its model loaded (openIndex), until the next open. */
  private pending: PendingEmbedder | undefined;
  /** Clustering runs on a worker of its own, started at the first group clustered. */
  private readonly clusterer = new WorkerClusterRunner();
  /** Opening, reopening and importing into the index, one at a time. */
  private readonly lock = new Serial();

  constructor(private readonly events: EngineEvents) {}

  /** Opens the index for these settings, unless it is open with their embedder already. */
  open(ws: Workspace, settings: AppSettings, options: { onSearchable?: () => void } = {}): Promise<void> {
    return this.lock.run(() => this.openIndex(ws, settings, options));
  }

  needEngine(): LociEngine {
    if (!this.engine) throw new Error('the library is still opening');
    return this.engine;
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

  /** Merges an export into the library; the index opens again to see what came in. */
  async importLibrary(ws: Workspace, file: File): Promise<void> {
    await this.importContents(ws, await readLibraryFile(new Uint8Array(await file.arrayBuffer())));
  }

  /**
   * Merges a library file already read and checked whole (readLibraryFile); the index opens again
   * to see what came in. Into a library that holds nothing yet (a site's first visit), the index
   * opens from the file as decoded before its records are written, `onSearchable` is told, and the
   * records are written behind it; a write that fails opens the library again as stored, and the
   * import throws. Otherwise the records are written first, and `onSearchable` is not told: the
   * import's end says both. `site`: the file is a site's library (ImportOptions.site), stored
   * with its collection and its update in one transaction.
   */
  async importContents(ws: Workspace, file: LibraryFileRead, options: { onSearchable?: () => void; site?: ImportOptions['site'] } = {}): Promise<ImportReport> {
    const { embedder } = this.needEngine().manifest;
    const { onSearchable, site } = options;
    return this.lock.run(async () => {
      const { library } = ws;
      await library.queue.halt();
      // its records made in time slices: behind a library searched already, on a first import
      const write = async () => {
        const report = await importLibraryContents(ws.store.db, await file.contents(timeSlices()), { mode: 'merge', embedder: { id: embedder.id, dimension: embedder.dimension }, ...(site ? { site } : {}) });
        // the records are gone with the transaction; their vectors kept in files go after it
        if (report.deleted) await ws.store.forgetVectorFiles(report.deleted);
        return report;
      };
      let report: ImportReport;
      const sameEmbedder = file.manifest?.embedder.id === embedder.id && file.manifest.embedder.dimension === embedder.dimension;
      // (another embedder's file is refused by the write, before anything is opened)
      if (file.index && sameEmbedder && this.holdsNothing(ws)) {
        report = await this.openThenWrite(ws, file.index, write, onSearchable);
      } else {
        try {
          report = await write();
        } catch (error) {
          // Refused before anything was written: the open index is still the whole library.
          library.queue.resumeAll();
          library.resumeUnfinished();
          throw error;
        }
        await ws.collections.changed();
        // stored exactly as the file holds it: opened from the file as decoded, not read back
        if (report.indexIsFile && file.index) ws.preloaded = { snapshot: ws.store.loaded(file.index), since: performance.now() };
        await this.openIndex(ws, ws.settings.value, { reopen: true });
      }
      // The library changed by more than the calibration tolerates: its hybrid weight is
      // calibrated now, in the background, as after indexing, not by the first question.
      this.engine?.fusionWeight().catch(() => undefined);
      return report;
    });
  }

  /** Whether the open library holds nothing: no document (indexed, queued or shown) and no entry. */
  holdsNothing(ws: Workspace): boolean {
    const engine = this.engine;
    return engine !== undefined && engine.entryCount === 0 && engine.documents.length === 0 && ws.library.rows().length === 0;
  }

  /**
   * The index opened from `index` (the file as decoded) before its records are made and written:
   * what the library will hold once they are (importLibraryContents stores such a file exactly).
   * Searched meanwhile; nothing else writes (the jobs halted, the image not saved:
   * `ws.writingBehind`). Measured at 100k entries: docs/decisions/2026-12-02-site-library-visit.md.
   */
  private async openThenWrite(ws: Workspace, index: IndexSnapshot, write: () => Promise<ImportReport>, onSearchable?: () => void): Promise<ImportReport> {
    const { library } = ws;
    ws.writingBehind = true;
    try {
      ws.preloaded = { snapshot: ws.store.loaded(index), since: performance.now() };
      await this.openIndex(ws, ws.settings.value, { reopen: true });
      // the open resumed the jobs: none may write before the file's records are in
      await library.queue.halt();
      // listed from the file in its order: the rows read back would wait for the write
      library.showAhead(IdbIndexStore.summariesOf(index, performance.timeOrigin + performance.now()));
      onSearchable?.();
      let report: ImportReport;
      try {
        report = await write();
      } catch (error) {
        // nothing of the file was stored: the library opens (and is listed) again as it is stored
        await this.openIndex(ws, ws.settings.value, { reopen: true });
        await ws.collections.changed();
        throw error;
      }
      await library.refresh();
      await ws.collections.changed();
      // someone else's records came in meanwhile after all: the index is read as stored
      if (!report.indexIsFile) await this.openIndex(ws, ws.settings.value, { reopen: true });
      return report;
    } finally {
      ws.writingBehind = false;
      if (this.engine) {
        library.queue.resumeAll();
        library.resumeUnfinished();
      }
    }
  }

  /**
   * Loads the embedder and opens the index with it; an index built by another embedder is rebuilt.
   * Run under indexLock. Nothing may embed while the embed worker swaps its model, so the jobs
   * stop first; if the model cannot be loaded, the index open before (if any) goes on as it was.
   *
   * When no index is open yet and the registry describes the embedder, the index opens before the
   * model has loaded (PendingEmbedder), and `onSearchable` says so: questions are searched by their
   * words until the model is there, and the jobs wait for it. A switch of embedder waits for the
   * model instead, since opening may discard the index.
   */
  private async openIndex(ws: Workspace, settings: AppSettings, options: { reopen?: boolean; onSearchable?: () => void } = {}): Promise<void> {
    const { store, library, models } = ws;
    if (this.engine && !options.reopen && models.embedder?.id === settings.embedderId) return;
    await library.queue.halt();
    try {
      // Read at once: without an early open the model loads alongside, as neither needs the other until the index opens.
      const t0 = ws.preloaded?.since ?? performance.now();
      const stored = ws.preloaded?.snapshot ?? store.load();
      ws.preloaded = undefined;
      let readMs = 0;
      stored.then(() => (readMs = performance.now() - t0)).catch(() => undefined);
      const opening = (): IndexOpening => ({ from: store.openedFrom ?? 'records', ms: performance.now() - t0, readMs, corpusAdopted: this.engine?.corpusAdopted ?? false, recordsSince: store.recordsSince });
      const current = models.embedder?.id === settings.embedderId ? models.embedder : undefined;
      const load = (): Promise<Embedder> =>
        current
          ? Promise.resolve(current)
          : models.loadEmbedder(settings.embedderId, settings).catch((error: unknown) => {
              throw new EmbedderUnavailableError(settings.embedderId, error);
            });
      const facts = !this.engine && !current ? PendingEmbedder.factsOf(settings.embedderId) : undefined;
      // Opening early, the model loads once the index is open: on two cores the two only slowed
      // each other (docs/decisions/2026-12-07-storage-and-open-measured.md), and the index answers
      // by words meanwhile.
      const indexFirst = Promise.withResolvers<void>();
      const loading = facts ? indexFirst.promise.then(load) : load();
      loading.catch(() => undefined);
      const early = facts !== undefined && (await this.openBeforeModel(ws, settings, stored, new PendingEmbedder(facts, loading)).finally(() => indexFirst.resolve()));
      if (early) {
        this.indexOpened(ws, opening());
        // the stored library has not changed since its rows were read: only the index under them has
        library.emitNow();
        options.onSearchable?.();
      }
      let embedder: Embedder;
      try {
        embedder = await loading;
      } catch (error) {
        if (early) {
          // the index cannot stay open on a model that never came
          this.engine = undefined;
          this.pending = undefined;
          await library.refresh();
        }
        throw error;
      }
      // opened early on facts the model turned out not to have: open again with its own
      const openAgain = !early || embedder.id !== facts?.id || embedder.dimension !== facts.dimension;
      if (openAgain) {
        this.engine = undefined;
        this.pending = undefined;
        this.engine = await LociEngine.open({
          ...this.engineParts(ws, settings),
          stored: early ? undefined : stored,
          embedder,
          // The originals stay: the library indexes them again below.
          discardOtherEmbedderIndex: () => store.clearIndex(),
        });
        this.indexOpened(ws, opening());
      }
      const replacedEmbedder = this.engine?.replacedEmbedder;
      if (replacedEmbedder) this.events.notify({ kind: 'reindexing', from: replacedEmbedder, to: embedder.id });
      this.events.send({ type: 'resolved', subject: 'models' });
      // An index opened early and kept wrote nothing, and the rows sent when it opened still hold.
      // Listing them again read a large library's document records a second time once the model
      // came, while its first answer was written.
      if (openAgain) await library.refresh();
    } finally {
      if (this.engine) {
        library.queue.resumeAll();
        library.resumeUnfinished();
      }
    }
  }

  /**
   * Opens the stored index on the registry's facts of a model still loading; false when there is
   * none, or it was built by another embedder (that waits for the model, which may discard it).
   */
  private async openBeforeModel(ws: Workspace, settings: AppSettings, stored: Promise<IndexSnapshot | undefined>, embedder: PendingEmbedder): Promise<boolean> {
    // an empty library has nothing to search yet, and must not start an index on a model that may never load
    if (!(await stored)) return false;
    try {
      this.engine = await LociEngine.open({ ...this.engineParts(ws, settings), stored, embedder });
      this.pending = embedder;
      return true;
    } catch (error) {
      if (error instanceof IndexMismatchError) return false;
      throw error;
    }
  }

  /** What every engine this host opens shares, whatever its index and embedder. */
  private engineParts(ws: Workspace, settings: AppSettings): Omit<EngineOptions, 'embedder' | 'stored'> {
    return {
      generator: ws.models.generator,
      reranker: ws.models.reranker,
      store: ws.store,
      settings: manifestSettings(settings),
      clusterer: this.clusterer,
      // whoever made them (a question, the cluster map, idle work), the rows count the topics
      onClustersMade: () => ws.library.emitNow(),
    };
  }

  /**
   * An index just opened: how (for the start result), its damage said, and its image saved when it
   * came from the records, from an image a few writes behind them, or from an image whose search
   * corpus could not be adopted (one from a build whose BM25 held other entries) and so is laid out
   * again on every open until replaced.
   */
  private indexOpened(ws: Workspace, opening: IndexOpening): void {
    this.opening = opening;
    performance.mark('loci:index-open');
    if (opening.from === 'image' && !opening.corpusAdopted) ws.store.replaceImage();
    if (opening.from === 'records' || !opening.corpusAdopted || opening.recordsSince > 0) ws.image.soon();
    const damage = this.engine?.damage ?? [];
    if (damage.length > 0) this.events.notify({ kind: 'damaged', names: [...new Set(damage.map((d) => d.name))] });
    if (opening.from === 'image') void this.checkRecords(ws);
    // after the rows have gone out, while the person reads them and types: the first question
    // then finds built what it would have built on its way
    const engine = this.engine;
    if (engine) runTasksApart(() => engine.warmSearchSteps(ws.settings.value.strategy), 'the warm-up search');
  }

  /**
   * The records behind an image-opened library, checked once it is quiet (a few seconds of
   * reading every record, which would otherwise compete with a first question or a drop), and
   * damaged ones written again from the image (restore-records.ts).
   */
  private async checkRecords(ws: Workspace): Promise<void> {
    await ws.library.whenSearchable(ws.library.quietMs ?? RECORD_CHECK_QUIET_MS);
    const engine = this.engine;
    if (!engine) return;
    try {
      const { restored } = await restoreDamagedRecords(ws.store, engine, (docId) => ws.library.queue.has(docId));
      if (restored.length === 0) return;
      this.events.notify({ kind: 'restored', names: restored });
      // the records changed: the image is made again at their new revision
      ws.image.soon();
    } catch (error) {
      // a check that cannot read is no damage found; the next open from the records reads them anyway
      console.warn('Loci: the stored records could not be checked', error);
    }
  }

  /** Whether questions are searched by meaning yet (false while the embedder loads after an early open). */
  meaningReady(): boolean {
    return this.pending?.ready ?? true;
  }

  /**
   * Why the index did not open, in words about what failed: on a first visit that is the
   * embedding model, which could not be downloaded, not the library. Documents dropped meanwhile
   * wait for it (their rows say so), and the notice goes once a model loads.
   */
  openFailed(error: unknown, settings: AppSettings): void {
    if (!(error instanceof EmbedderUnavailableError)) {
      this.events.notify({ kind: 'library-unavailable', detail: errorWords(error) });
      return;
    }
    this.events.notify(
      { kind: 'embedder-unavailable', model: error.modelId, source: settings.modelSource, detail: errorWords(error.cause) },
      'models',
    );
  }
}

/** The index settings a new library starts with (an existing index keeps its own). */
function manifestSettings(settings: AppSettings): Partial<ManifestSettings> {
  return {
    chunking: { ...DEFAULT_SETTINGS.chunking, chunkTokens: settings.chunkTokens },
    preparse: { mode: settings.preparse },
  };
}

/** The index could not open because its embedding model could not be loaded. */
class EmbedderUnavailableError extends Error {
  constructor(
    readonly modelId: string,
    cause: unknown,
  ) {
    super(`${modelId} could not be loaded: ${errorWords(cause)}`, { cause });
    this.name = 'EmbedderUnavailableError';
  }
}
