/**
 * The engine worker's service: the LociClient surface over LociEngine and IndexedDB. It owns the
 * store, the indexing jobs, the conversations and the model ports; the UI reaches it through
 * comlink from src/client/worker-client.ts.
 */
import { transfer, wrap } from 'comlink';
import type { AppSettings, AskStreamEvent, ChatTurn, ClusterMap, DeviceSummary, LibraryDoc, LibraryEvent, Passage } from '../../src/client/api.ts';
import { LociEngine } from '../../src/core/engine/engine.ts';
import { DEFAULT_SETTINGS, type ManifestSettings } from '../../src/core/persist/manifest.ts';
import { exportLibrary, importLibrary } from '../../src/storage/export.ts';
import { IdbIndexStore } from '../../src/storage/idb-index-store.ts';
import { requestPersistence, storageReport, type PersistenceResult } from '../../src/storage/quota.ts';
import { MANIFEST_KEY } from '../../src/storage/records.ts';
import type { EmbedApi, EngineApi, EngineStartRequest, LlmApi } from '../protocol.ts';
import { post } from '../shared/callbacks.ts';
import { AppSettingsStore } from './app-settings.ts';
import { Chats, type AskRequest } from './chats.ts';
import { clearDerived } from './clear-index.ts';
import { EngineModels } from './engine-models.ts';
import { Library } from './library.ts';
import { PausedJobs } from './paused-jobs.ts';
import { clusterMap, passage } from './views.ts';

interface Opened {
  store: IdbIndexStore;
  settings: AppSettingsStore;
  library: Library;
  chats: Chats;
  models: EngineModels;
}

export class EngineService implements EngineApi {
  private listener: ((event: LibraryEvent) => void) | undefined;
  private opening: Promise<Opened> | undefined;
  private started: Promise<{ settings: AppSettings; device: DeviceSummary }> | undefined;
  /** Calls that arrive before start() wait for it rather than fail (the UI fires them together). */
  private readonly whenStarted = Promise.withResolvers<void>();
  private engine: LociEngine | undefined;
  private persistence: Promise<PersistenceResult> | undefined;

  start(request: EngineStartRequest, listener: (event: LibraryEvent) => void): Promise<{ settings: AppSettings; device: DeviceSummary }> {
    this.listener = listener;
    this.started ??= this.boot(request);
    this.whenStarted.resolve();
    return this.started;
  }

  private async boot(request: EngineStartRequest): Promise<{ settings: AppSettings; device: DeviceSummary }> {
    this.opening = this.openStore(request);
    const opened = await this.opening;
    const settings = opened.settings.value;
    await this.openIndex(opened, settings);
    const plan = await opened.models.plan(settings);
    const embedder = opened.models.loadedEmbedder!;
    const device: DeviceSummary = {
      webgpu: embedder.report.webgpu,
      shaderF16: embedder.report.shaderF16,
      fallbackAdapter: embedder.report.fallbackAdapter,
      embedderDevice: embedder.device,
      generatorBackend: plan.backend,
      reasons: [...new Set([...embedder.report.reasons, ...plan.reasons])],
    };
    // The first question should not wait for the download: fetch the chat model in the background.
    opened.models.warmGenerator().catch((error: unknown) => this.notify(`The language model could not be loaded: ${message(error)}`));
    this.persistence ??= requestPersistence();
    return { settings, device };
  }

  private async openStore(request: EngineStartRequest): Promise<Opened> {
    const store = await IdbIndexStore.open();
    const settings = new AppSettingsStore(store.db, request.launch);
    await settings.load();
    const paused = new PausedJobs(store.db);
    await paused.load();
    const models = new EngineModels(wrap<EmbedApi>(request.embedPort), wrap<LlmApi>(request.llmPort), request.launch, (progress) =>
      this.send({ type: 'download', progress }),
    );
    const library = new Library({
      store,
      paused,
      engine: () => this.engine,
      models: () => ({ embedder: models.embedder!, generator: models.generator }),
      settings: () => settings.value,
      emit: (documents) => this.send({ type: 'documents', documents }),
    });
    const chats = new Chats({ db: store.db, engine: () => this.engine, settings: () => settings.value, canRerank: () => models.hasReranker });
    // Rows show at once, as queued, while the models load.
    await library.refresh();
    return { store, settings, library, chats, models };
  }

  /** Loads the embedder and opens the index with it; an index built by another embedder is rebuilt. */
  private async openIndex(opened: Opened, settings: AppSettings): Promise<void> {
    const { store, library, models } = opened;
    // Loaded before anything stops: a model that fails to load leaves the open index as it was.
    const embedder = models.embedder?.id === settings.embedderId ? models.embedder : await models.loadEmbedder(settings.embedderId, settings);
    await library.queue.halt();
    this.engine = undefined;
    models.choose(settings);
    const manifest = await store.db.get('manifest', MANIFEST_KEY);
    if (manifest && manifest.embedder.id !== embedder.id) {
      this.notify(`The library was indexed with ${manifest.embedder.id}; every document is being indexed again with ${embedder.id}.`);
      await clearDerived(store.db);
    }
    this.engine = await LociEngine.open({ embedder, generator: models.generator, reranker: models.reranker, store, settings: manifestSettings(settings) });
    await library.refresh();
    library.queue.resumeAll();
    library.resumeUnfinished();
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

  async documents(): Promise<LibraryDoc[]> {
    return (await this.opened()).library.rows();
  }

  async ask(question: string, options: AskRequest, onEvent: (event: AskStreamEvent) => void): Promise<void> {
    const opened = await this.opened();
    // An answer needs the embedder loaded and the index open, which start() finishes.
    await this.started?.catch(() => undefined);
    await opened.chats.ask(question, options, onEvent);
  }

  async stop(): Promise<void> {
    (await this.opened()).chats.stop();
  }

  async history(chatId: string): Promise<ChatTurn[]> {
    const opened = await this.opened();
    // Sources are rebuilt from the open index.
    await this.started?.catch(() => undefined);
    return opened.chats.history(chatId);
  }

  async clearHistory(chatId: string): Promise<void> {
    await (await this.opened()).chats.clear(chatId);
  }

  async passage(chunkId: string): Promise<Passage> {
    const opened = await this.opened();
    const result = await passage(this.needEngine(), opened.store, chunkId);
    return result.original ? transfer(result, [result.original]) : result;
  }

  async clusterMap(docId: string): Promise<ClusterMap | undefined> {
    return clusterMap(this.needEngine(), docId);
  }

  async settings(): Promise<AppSettings> {
    return (await this.opened()).settings.value;
  }

  async updateSettings(patch: Partial<AppSettings>): Promise<AppSettings> {
    const opened = await this.opened();
    const before = opened.settings.value;
    const after = await opened.settings.update(patch);
    opened.models.choose(after);
    if (this.engine && after.embedderId !== before.embedderId) {
      try {
        await this.openIndex(opened, after);
      } catch (error) {
        // The old embedder still serves the index; the setting must say so.
        opened.models.choose(await opened.settings.update({ embedderId: before.embedderId }));
        throw error;
      }
    }
    return after;
  }

  async storage(): Promise<{ usage: number; quota: number; persisted: boolean; message?: string }> {
    const report = await storageReport();
    const persistence = await (this.persistence ??= requestPersistence());
    const persisted = report.persisted || persistence.granted;
    return { usage: report.usage ?? 0, quota: report.quota ?? 0, persisted, message: persistence.message };
  }

  async exportLibrary(): Promise<Blob> {
    const bytes = await exportLibrary((await this.opened()).store.db);
    return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' });
  }

  /** Merges an export into the library; the engine reopens to see what came in. */
  async importLibrary(file: File): Promise<void> {
    const opened = await this.opened();
    const engine = this.needEngine();
    await opened.library.queue.halt();
    try {
      await importLibrary(opened.store.db, new Uint8Array(await file.arrayBuffer()), {
        mode: 'merge',
        embedder: { id: engine.manifest.embedder.id, dimension: engine.manifest.embedder.dimension },
      });
    } finally {
      await this.openIndex(opened, opened.settings.value);
    }
  }

  private async opened(): Promise<Opened> {
    await this.whenStarted.promise;
    return this.opening!;
  }

  private needEngine(): LociEngine {
    if (!this.engine) throw new Error('the library is still opening');
    return this.engine;
  }

  private notify(text: string): void {
    this.send({ type: 'error', message: text });
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
  return error instanceof Error ? error.message : String(error);
}
