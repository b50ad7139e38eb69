/**
 * The engine worker's service: the LociClient surface over LociEngine and IndexedDB. It owns the
 * store, the indexing jobs, the conversations and the model ports; the UI reaches it through
 * comlink from src/client/worker-client.ts.
 */
import { transfer, wrap } from 'comlink';
import type { AppSettings, CachedModel, ChatEntry, ClusterMap, DeviceSummary, EngineNotice, IndexOpening, LibraryDoc, LibraryEvent, ModelFolderFile, NoticeSubject, Passage, StorageReport } from '../../src/protocol/api.ts';
import type { AskRequest, AskStreamEvent, ChatTurn } from '../../src/protocol/ask.ts';
import { LociEngine } from '../../src/core/engine/engine.ts';
import { DEFAULT_SETTINGS, type ManifestSettings } from '../../src/core/stored-index/manifest.ts';
import { exportLibrary, importLibrary } from '../../src/browser-storage/export.ts';
import { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import { privateImageFile, type ImageFile, type ReadAheadImage } from '../../src/browser-storage/open-image.ts';
import { privateVectorFiles, type VectorFiles } from '../../src/browser-storage/vector-files.ts';
import { ImageSaver } from './image-saver.ts';
import { PendingEmbedder } from './pending-embedder.ts';
import type { Embedder } from '../../src/core/ports.ts';
import type { IndexSnapshot } from '../../src/core/stored-index/snapshot.ts';
import { IndexMismatchError } from '../../src/core/stored-index/manifest.ts';
import { measureRoom, ROOM_PROBE_LIMIT, storageReport } from '../../src/browser-storage/quota.ts';
import type { EmbedApi, EngineApi, EngineStartRequest, LlmApi } from '../../src/protocol/workers.ts';
import { post, release } from '../shared/callbacks.ts';
import { Serial } from '../shared/serial.ts';
import { AppSettingsStore } from './app-settings.ts';
import { Chats } from './chats.ts';
import { EngineModels } from './engine-models.ts';
import { Library } from './library.ts';
import { WorkerClusterRunner } from './cluster-worker.ts';
import { cachedModels, deleteCachedModel } from './model-cache.ts';
import { importModelFolder } from './model-folder.ts';
import { MODEL_REGISTRY } from '../../src/models/registry.ts';
import { PausedJobs } from './paused-jobs.ts';
import { UnstoredFiles } from './unstored-files.ts';
import { errorWords } from './error-words.ts';
import { holdLibrary } from './tab-lock.ts';
import { SITE_MODELS_PATH } from '../shared/site-models.ts';
import { passage } from './views.ts';
import { restoreDamagedRecords } from './restore-records.ts';

interface Opened {
  store: IdbIndexStore;
  /** The stored index, read from the start beside the library's rows; taken by the first open. */
  preloaded?: { snapshot: Promise<IndexSnapshot | undefined>; since: number };
  image: ImageSaver;
  settings: AppSettingsStore;
  library: Library;
  chats: Chats;
  models: EngineModels;
}

/** How long no file may wait to be read before the chat model loads: enough to catch a drop made as the app opens. */
const GENERATOR_QUIET_MS = 2000;
/** The same before the records behind an image-opened library are checked, after the chat model's turn. */
const RECORD_CHECK_QUIET_MS = 5000;

type Started = { settings: AppSettings; device: DeviceSummary; index?: IndexOpening };

export class EngineService implements EngineApi {
  private listener: ((event: LibraryEvent) => void) | undefined;
  private opening: Promise<Opened> | undefined;
  private started: Promise<Started> | undefined;
  /** Calls that arrive before start() wait for it rather than fail (the UI fires them together). */
  private readonly whenStarted = Promise.withResolvers<void>();
  private engine: LociEngine | undefined;
  /** The embedder the open index started with while its model loaded (openIndex), until the next open. */
  private pending: PendingEmbedder | undefined;
  /** Clustering runs on a worker of its own, started at the first group clustered. */
  private readonly clusterer = new WorkerClusterRunner();
  /** Opening, reopening and importing into the index, one at a time. */
  private readonly indexLock = new Serial();
  /** How the index was last opened. */
  private indexOpening: IndexOpening | undefined;

  /**
   * `image`: the open image's file, its read perhaps begun already (readAhead); `vectorFiles`, where
   * records' vectors wait for the image (vector-files.ts). Neither outside a browser.
   */
  constructor(
    private readonly image: Promise<ImageFile | ReadAheadImage | undefined> = privateImageFile(),
    private readonly vectorFiles: Promise<VectorFiles | undefined> = privateVectorFiles(),
  ) {}

  /**
   * Opens the store and the index. A model that cannot be loaded does not fail it: the settings
   * come back all the same (the error arrives as an event), so the person can pick another model
   * or source, which opens the index. Only a store that cannot open fails, and may be retried.
   */
  start(request: EngineStartRequest, listener: (event: LibraryEvent) => void): Promise<Started> {
    this.listener = listener;
    this.started ??= this.boot(request).catch((error: unknown) => {
      this.started = undefined;
      throw error;
    });
    this.whenStarted.resolve();
    return this.started;
  }

  private async boot(request: EngineStartRequest): Promise<Started> {
    this.opening ??= this.openStore(request).catch((error: unknown) => {
      this.opening = undefined;
      throw error;
    });
    const opened = await this.opening;
    const settings = opened.settings.value;
    opened.models.choose(settings);
    // Started once the index is searchable: by words, when it opened before its model had loaded.
    const searchable = Promise.withResolvers<void>();
    const open = this.indexLock
      .run(() => this.openIndex(opened, settings, { onSearchable: () => searchable.resolve() }))
      .catch((error: unknown) => this.openFailed(error, settings));
    await Promise.race([open, searchable.promise]);
    const device = await this.device(opened.models, settings);
    // The chat model's tokenizer comes now: a question's sources are counted with it
    // (RemoteGenerator.countTokens), so they need not wait for the model; until it is here, by an
    // estimate. A failure is tried again by the next question.
    opened.models.warmTokenizer().catch(() => undefined);
    // The model itself loads in the background once no dropped file is still being read. Loaded
    // beside a 104-page PDF dropped at the start (bench:browser --only pdf), it doubled the PDF's
    // reading: parsed after 3.4-4.7 s, against 1.5-2.1 s with the model loaded before the drop
    // (seven and five runs). A question asked before then loads it to answer. While no search
    // model could load either, that notice already says the models cannot be fetched.
    void opened.library.whenSearchable(GENERATOR_QUIET_MS).then(() =>
      opened.models.warmGenerator().catch((error: unknown) => {
        if (this.engine) this.notify({ kind: 'generator-unavailable', detail: message(error) });
      }),
    );
    return { settings, device, ...(this.indexOpening ? { index: this.indexOpening } : {}) };
  }

  /** Where the models run; from a probe while the embedder is not loaded (still loading after an early open, or failed). */
  private async device(models: EngineModels, settings: AppSettings): Promise<DeviceSummary> {
    const embedder = models.loadedEmbedder;
    const [report, plan] = await Promise.all([embedder?.report ?? models.probeEmbedder(settings), models.plan(settings)]);
    return {
      webgpu: report.webgpu,
      shaderF16: report.shaderF16,
      fallbackAdapter: report.fallbackAdapter,
      embedderDevice: embedder?.device ?? report.embedderDevice,
      generatorBackend: plan.backend,
      reasons: [...new Set([...report.reasons, ...plan.reasons])],
    };
  }

  private async openStore(request: EngineStartRequest): Promise<Opened> {
    await holdLibrary(() => {
      // another tab holds the library, maybe for long: the bytes read ahead would only be held
      void this.image.then((file) => (file && 'forget' in file ? file.forget() : undefined));
      this.send({ type: 'held-elsewhere' });
    });
    const store = await IdbIndexStore.open({ image: await this.image, vectorFiles: await this.vectorFiles });
    // The index is read while the rows are listed: the image is a file read and the rows an
    // IndexedDB read, so they overlap. The rows come from their own small records (100k entries:
    // 2,000 rows read in 0.01-0.02 s, against 0.10-0.24 s for the documents' records with their
    // texts, which on a slower evening kept the index from opening for about a second).
    const since = performance.now();
    const preloaded = { snapshot: store.load(), since };
    preloaded.snapshot.catch(() => undefined);
    const settings = new AppSettingsStore(store.db, request.launch);
    await settings.load();
    const paused = new PausedJobs(store.db);
    await paused.load();
    const unstored = new UnstoredFiles(store.db);
    await unstored.load();
    const models = new EngineModels(wrap<EmbedApi>(request.embedPort), wrap<LlmApi>(request.llmPort), request.launch, (progress) =>
      this.send({ type: 'download', progress }),
    );
    const library: Library = new Library({
      store,
      paused,
      device: request.launch.device,
      engine: () => this.engine,
      settings: () => settings.value,
      emit: (documents) => {
        this.send({ type: 'documents', documents });
        // rows change when the index does (and with progress, which only delays the save)
        image.soon();
      },
      unstored,
      room: (atMost) => measureRoom(atMost),
      notify: (notice, subject) => this.notify(notice, subject),
      resolved: (subject) => this.send({ type: 'resolved', subject }),
    });
    const image = new ImageSaver({
      store,
      engine: () => this.engine,
      busy: () => library.queue.running !== undefined,
      // a job started while the image was encoded: its writes come first, the image waits for the next save
      hasRoom: async (bytes) => {
        if (library.queue.running !== undefined) return false;
        const room = await measureRoom(bytes);
        return !room || room.atLeast || room.free >= bytes;
      },
    });
    const chats = new Chats({ db: store.db, engine: () => this.engine, settings: () => settings.value, canRerank: () => models.hasReranker, meaningReady: () => this.meaningReady() });
    // Rows show at once, as queued, while the models load.
    await library.refresh();
    return { store, preloaded, image, settings, library, chats, models };
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
  private async openIndex(opened: Opened, settings: AppSettings, options: { reopen?: boolean; onSearchable?: () => void } = {}): Promise<void> {
    const { store, library, models } = opened;
    if (this.engine && !options.reopen && models.embedder?.id === settings.embedderId) return;
    await library.queue.halt();
    try {
      // Read at once: without an early open the model loads alongside, as neither needs the other until the index opens.
      const t0 = opened.preloaded?.since ?? performance.now();
      const stored = opened.preloaded?.snapshot ?? store.load();
      opened.preloaded = undefined;
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
      // each other (100k entries: searchable after 8-10 s beside the model load, 3.4-5 s of it the
      // image read), and the index answers by words meanwhile.
      const indexFirst = Promise.withResolvers<void>();
      const loading = facts ? indexFirst.promise.then(load) : load();
      loading.catch(() => undefined);
      const early = facts !== undefined && (await this.openBeforeModel(opened, settings, stored, new PendingEmbedder(facts, loading)).finally(() => indexFirst.resolve()));
      if (early) {
        this.indexOpened(opened, opening());
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
          stored: early ? undefined : stored,
          embedder,
          generator: models.generator,
          reranker: models.reranker,
          store,
          settings: manifestSettings(settings),
          clusterer: this.clusterer,
          // The originals stay: the library indexes them again below.
          discardOtherEmbedderIndex: () => store.clearIndex(),
        });
        this.indexOpened(opened, opening());
      }
      const replacedEmbedder = this.engine?.replacedEmbedder;
      if (replacedEmbedder) this.notify({ kind: 'reindexing', from: replacedEmbedder, to: embedder.id });
      this.send({ type: 'resolved', subject: 'models' });
      // An index opened early and kept wrote nothing, and the rows sent when it opened still hold.
      // Listing them again read the 100k-entry library's 6 MB of document records a second time
      // once the model came (traced: 15 s into a reopen, while its first answer was written).
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
  private async openBeforeModel(opened: Opened, settings: AppSettings, stored: Promise<IndexSnapshot | undefined>, embedder: PendingEmbedder): Promise<boolean> {
    // an empty library has nothing to search yet, and must not start an index on a model that may never load
    if (!(await stored)) return false;
    try {
      this.engine = await LociEngine.open({
        stored,
        embedder,
        generator: opened.models.generator,
        reranker: opened.models.reranker,
        store: opened.store,
        settings: manifestSettings(settings),
        clusterer: this.clusterer,
      });
      this.pending = embedder;
      return true;
    } catch (error) {
      if (error instanceof IndexMismatchError) return false;
      throw error;
    }
  }

  /**
   * An index just opened: how (for the start result), its damage said, and its image saved when it
   * came from the records, from an image a few writes behind them, or from an image whose search
   * corpus could not be adopted (one from a build whose BM25 held other entries) and so is laid out
   * again on every open until replaced.
   */
  private indexOpened(opened: Opened, opening: IndexOpening): void {
    this.indexOpening = opening;
    performance.mark('loci:index-open');
    if (opening.from === 'image' && !opening.corpusAdopted) opened.store.replaceImage();
    if (opening.from === 'records' || !opening.corpusAdopted || opening.recordsSince > 0) opened.image.soon();
    const damage = this.engine?.damage ?? [];
    if (damage.length > 0) this.notify({ kind: 'damaged', names: [...new Set(damage.map((d) => d.name))] });
    if (opening.from === 'image') void this.checkRecords(opened);
  }

  /**
   * The records behind an image-opened library, checked once it is quiet (a few seconds of
   * reading every record, which would otherwise compete with a first question or a drop), and
   * damaged ones written again from the image (restore-records.ts).
   */
  private async checkRecords(opened: Opened): Promise<void> {
    await opened.library.whenSearchable(RECORD_CHECK_QUIET_MS);
    const engine = this.engine;
    if (!engine) return;
    try {
      const { restored } = await restoreDamagedRecords(opened.store, engine, (docId) => opened.library.queue.has(docId));
      if (restored.length === 0) return;
      this.notify({ kind: 'restored', names: restored });
      // the records changed: the image is made again at their new revision
      opened.image.soon();
    } catch (error) {
      // a check that cannot read is no damage found; the next open from the records reads them anyway
      console.warn('Loci: the stored records could not be checked', error);
    }
  }

  /** Whether questions are searched by meaning yet (false while the embedder loads after an early open). */
  private meaningReady(): boolean {
    return this.pending?.ready ?? true;
  }

  async addFiles(files: File[]): Promise<void> {
    await (await this.opened()).library.add(files);
  }

  async pause(docId: string): Promise<void> {
    await (await this.opened()).library.pause(docId);
  }

  async resume(docId: string): Promise<void> {
    await (await this.opened()).library.resume(docId);
  }

  async cancel(docId: string): Promise<void> {
    await (await this.opened()).library.cancel(docId);
  }

  async remove(docId: string): Promise<void> {
    await (await this.opened()).library.remove(docId);
  }

  async repair(docId: string): Promise<void> {
    await (await this.opened()).library.repair(docId);
  }

  async documents(): Promise<LibraryDoc[]> {
    return (await this.opened()).library.rows();
  }

  async ask(question: string, request: AskRequest, onEvent: (event: AskStreamEvent) => void): Promise<void> {
    let opened: Opened;
    try {
      opened = await this.opened();
      // An answer needs the embedder loaded and the index open, which start() finishes.
      await this.started?.catch(() => undefined);
    } catch (error) {
      // Chats.ask releases the callback's port; a call that never gets there must release it here.
      release(onEvent);
      throw error;
    }
    await opened.chats.ask(question, request, onEvent);
  }

  async stop(): Promise<void> {
    (await this.opened()).chats.stop();
  }

  async chats(): Promise<ChatEntry[]> {
    return (await this.opened()).chats.list();
  }

  async history(chatId: string): Promise<ChatTurn[]> {
    const opened = await this.opened();
    // Sources are rebuilt from the open index.
    await this.started?.catch(() => undefined);
    return opened.chats.history(chatId);
  }

  async removeLastTurn(chatId: string): Promise<boolean> {
    return (await this.opened()).chats.removeLastTurn(chatId);
  }

  async clearHistory(chatId: string): Promise<void> {
    await (await this.opened()).chats.clear(chatId);
  }

  async renameChat(chatId: string, title: string): Promise<void> {
    await (await this.opened()).chats.rename(chatId, title);
  }

  async passage(chunkId: string): Promise<Passage> {
    const opened = await this.opened();
    const result = await passage(this.needEngine(), opened.store, chunkId);
    return result.original ? transfer(result, [result.original]) : result;
  }

  async clusterMap(docId: string): Promise<ClusterMap | undefined> {
    return this.needEngine().clusterMap(docId);
  }

  async settings(): Promise<AppSettings> {
    return (await this.opened()).settings.value;
  }

  async updateSettings(patch: Partial<AppSettings>): Promise<AppSettings> {
    const opened = await this.opened();
    const before = opened.settings.value;
    const after = await opened.settings.update(patch);
    opened.models.choose(after);
    if (!this.engine) {
      // No index open (its embedder failed to load): these settings may be what lets it load.
      await this.indexLock.run(() => this.openIndex(opened, after)).catch((error: unknown) => this.openFailed(error, after));
    } else if (after.embedderId !== before.embedderId) {
      try {
        await this.indexLock.run(() => this.openIndex(opened, after));
      } catch (error) {
        // The old embedder still serves the index; the setting must say so.
        await opened.settings.update({ embedderId: before.embedderId });
        throw error;
      }
    }
    return opened.settings.value;
  }

  /** Use, the room left (measured up to ROOM_PROBE_LIMIT while no document is being indexed) and what each document takes. */
  async storage(): Promise<StorageReport> {
    const { library } = await this.opened();
    const [report, room] = await Promise.all([storageReport(), library.queue.running === undefined ? measureRoom(ROOM_PROBE_LIMIT) : undefined]);
    return {
      usage: report.usage ?? 0,
      quota: report.quota ?? 0,
      persisted: report.persisted,
      ...(room ? { free: room.free, freeAtLeast: room.atLeast } : {}),
      documents: library.storageByDocument(),
    };
  }

  async exportLibrary(): Promise<Blob> {
    const { store } = await this.opened();
    const bytes = await exportLibrary(store.db, store.keptVectorSources());
    return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' });
  }

  async cachedModels(): Promise<CachedModel[]> {
    return cachedModels();
  }

  async importModelFolder(files: ModelFolderFile[]): Promise<string[]> {
    return importModelFolder(files, MODEL_REGISTRY.map((m) => m.repo), new URL(SITE_MODELS_PATH, self.location.href).href);
  }

  async deleteCachedModel(id: string): Promise<void> {
    await deleteCachedModel(id);
  }

  /** Merges an export into the library; the engine reopens to see what came in. */
  async importLibrary(file: File): Promise<void> {
    const opened = await this.opened();
    const { embedder } = this.needEngine().manifest;
    const bytes = new Uint8Array(await file.arrayBuffer());
    await this.indexLock.run(async () => {
      const { library } = opened;
      await library.queue.halt();
      try {
        await importLibrary(opened.store.db, bytes, { mode: 'merge', embedder: { id: embedder.id, dimension: embedder.dimension } });
      } catch (error) {
        // Refused before anything was written: the open index is still the whole library.
        library.queue.resumeAll();
        library.resumeUnfinished();
        throw error;
      }
      await this.openIndex(opened, opened.settings.value, { reopen: true });
    });
  }

  private async opened(): Promise<Opened> {
    await this.whenStarted.promise;
    if (!this.opening) throw new Error('the library could not be opened; reload the page to try again');
    return this.opening;
  }

  private needEngine(): LociEngine {
    if (!this.engine) throw new Error('the library is still opening');
    return this.engine;
  }

  private notify(notice: EngineNotice, subject?: NoticeSubject): void {
    this.send({ type: 'notice', notice, ...(subject ? { subject } : {}) });
  }

  /**
   * Why the index did not open, in words about what failed: on a first visit that is the
   * embedding model, which could not be downloaded, not the library. Documents dropped meanwhile
   * wait for it (their rows say so), and the notice goes once a model loads.
   */
  private openFailed(error: unknown, settings: AppSettings): void {
    if (!(error instanceof EmbedderUnavailableError)) {
      this.notify({ kind: 'library-unavailable', detail: message(error) });
      return;
    }
    this.notify(
      { kind: 'embedder-unavailable', model: error.modelId, source: settings.modelSource, detail: message(error.cause) },
      'models',
    );
  }

  private send(event: LibraryEvent): void {
    void post(this.listener, event);
  }
}

/** The index settings a new library starts with (an existing index keeps its own). */
function manifestSettings(settings: AppSettings): Partial<ManifestSettings> {
  return {
    chunking: { ...DEFAULT_SETTINGS.chunking, chunkTokens: settings.chunkTokens },
    preparse: { mode: settings.preparse },
  };
}

function message(error: unknown): string {
  return errorWords(error);
}

/** The index could not open because its embedding model could not be loaded. */
class EmbedderUnavailableError extends Error {
  constructor(
    readonly modelId: string,
    cause: unknown,
  ) {
    super(`${modelId} could not be loaded: ${message(cause)}`, { cause });
    this.name = 'EmbedderUnavailableError';
  }
}
