/**
 * The engine worker's service: the LociClient surface, served over comlink to
 * src/client/worker-client.ts. It only routes each call to the room that holds its concern: the
 * workspace (workspace.ts: store, settings, library, chats, models), the open index
 * (index-host.ts), the start (engine-start.ts). Calls that arrive before start() wait for it.
 */
import { transfer } from 'comlink';
import type { AppSettings, CachedModel, ChatEntry, ClusterMap, Collection, LibraryDoc, LibraryEvent, LibraryImport, ModelFolderFile, Passage, Scope, StorageReport } from '../../src/protocol/api.ts';
import { markOnce } from '../shared/mark-once.ts';
import type { AskRequest, AskStreamEvent, ChatTurn } from '../../src/protocol/ask.ts';
import type { EngineApi, EngineStartRequest } from '../../src/protocol/workers.ts';
import { exportLibrary } from '../../src/browser-storage/export.ts';
import { privateImageFile, type ImageFile, type ReadAheadImage } from '../../src/browser-storage/open-image.ts';
import { privateVectorFiles, type VectorFiles } from '../../src/browser-storage/vector-files.ts';
import { MODEL_REGISTRY } from '../../src/models/registry.ts';
import { release } from '../shared/callbacks.ts';
import { heldSiteVersion } from '../../src/core/engine/site-library.ts';
import type { SiteLibraryImport } from '../../src/protocol/site-library-manifest.ts';
import { SITE_MODELS_PATH } from '../shared/site-models.ts';
import { EngineEvents } from './engine-events.ts';
import { startEngine, type Started } from './engine-start.ts';
import { IndexHost } from './index-host.ts';
import { cachedModels, deleteCachedModel } from './model-cache.ts';
import { importModelFolder } from './model-folder.ts';
import { engineWorkerMemory, type EngineWorkerMemory } from './memory-report.ts';
import { storageUse } from './storage-use.ts';
import { importSiteLibrary } from './site-library-import.ts';
import { importLibraryFile } from './library-import.ts';
import { openOnFileEmbedder } from './open-on-file-embedder.ts';
import { passage } from './views.ts';
import { openWorkspace, type Workspace } from './workspace.ts';

export class EngineService implements EngineApi {
  private readonly events = new EngineEvents();
  private readonly index = new IndexHost(this.events);
  private opening: Promise<Workspace> | undefined;
  private started: Promise<Started> | undefined;
  /** Calls that arrive before start() wait for it rather than fail (the UI fires them together). */
  private readonly whenStarted = Promise.withResolvers<void>();

  /**
   * `image`: the open image's file, its read perhaps begun already (readAhead); `vectorFiles`, where
   * records' vectors wait for the image (vector-files.ts). Neither outside a browser.
   */
  constructor(
    private readonly image: Promise<ImageFile | ReadAheadImage | undefined> = privateImageFile(),
    private readonly vectorFiles: Promise<VectorFiles | undefined> = privateVectorFiles(),
  ) {}

  /** Opens the store and the index. Only a store that cannot open fails, and may be retried. */
  start(request: EngineStartRequest, listener: (event: LibraryEvent) => void): Promise<Started> {
    this.events.listen(listener);
    this.started ??= this.boot(request).catch((error: unknown) => {
      this.started = undefined;
      throw error;
    });
    this.whenStarted.resolve();
    return this.started;
  }

  private async boot(request: EngineStartRequest): Promise<Started> {
    const { index, events } = this;
    this.opening ??= openWorkspace(request, {
      image: this.image,
      vectorFiles: this.vectorFiles,
      events,
      engine: () => index.engine,
      meaningReady: () => index.meaningReady(),
    }).catch((error: unknown) => {
      this.opening = undefined;
      throw error;
    });
    return startEngine(await this.opening, index, events, request.siteManifest);
  }

  addFiles(files: File[], into?: { collection: string }): Promise<void> {
    return this.in(async (ws) => {
      const ids = await ws.library.add(files);
      // a file the site's library holds too is the visitor's as well: a later update leaves it
      await ws.collections.claimOwn(ids);
      if (into && ids.length > 0) await ws.collections.create(into.collection, ids);
    });
  }

  pause(docId: string): Promise<void> {
    return this.in((ws) => ws.library.pause(docId));
  }

  resume(docId: string): Promise<void> {
    return this.in((ws) => ws.library.resume(docId));
  }

  cancel(docId: string): Promise<void> {
    return this.in((ws) => ws.library.cancel(docId));
  }

  remove(docId: string): Promise<void> {
    return this.in(async (ws) => {
      await ws.collections.refuseRemoval(docId);
      await ws.library.remove(docId);
      await ws.collections.leave(docId);
    });
  }

  repair(docId: string): Promise<void> {
    return this.in((ws) => ws.library.repair(docId));
  }

  shown(): Promise<void> {
    return this.in((ws) => ws.page.shown());
  }

  /** The rows once the start is over: read against the open index, as the page's start shows them. */
  async documents(): Promise<LibraryDoc[]> {
    return (await this.searchable()).library.rows();
  }

  async ask(question: string, request: AskRequest, onEvent: (event: AskStreamEvent) => void): Promise<void> {
    markOnce('asked');
    let ws: Workspace;
    try {
      // An answer needs the embedder loaded and the index open, which start() finishes.
      ws = await this.searchable();
    } catch (error) {
      // Chats.ask releases the callback's port; a call that never gets there must release it here.
      release(onEvent);
      throw error;
    }
    // the library's idle work gives way: the question may need the worker it clusters on
    const letIdleGo = ws.library.queue.hold();
    try {
      await ws.chats.ask(question, request, onEvent);
    } finally {
      letIdleGo();
    }
  }

  stop(): Promise<void> {
    return this.in((ws) => ws.chats.stop());
  }

  chats(): Promise<ChatEntry[]> {
    return this.in((ws) => ws.chats.list());
  }

  /** Sources are rebuilt from the open index, so the history waits for it. */
  async history(chatId: string): Promise<ChatTurn[]> {
    return (await this.searchable()).chats.history(chatId);
  }

  removeLastTurn(chatId: string): Promise<boolean> {
    return this.in((ws) => ws.chats.removeLastTurn(chatId));
  }

  clearHistory(chatId: string): Promise<void> {
    return this.in((ws) => ws.chats.clear(chatId));
  }

  renameChat(chatId: string, title: string): Promise<void> {
    return this.in((ws) => ws.chats.rename(chatId, title));
  }

  setChatScope(chatId: string, scope: Scope): Promise<void> {
    return this.in((ws) => ws.chats.setScope(chatId, scope));
  }

  collections(): Promise<Collection[]> {
    return this.in((ws) => ws.collections.list());
  }

  createCollection(name: string, docIds?: string[]): Promise<Collection> {
    return this.in((ws) => ws.collections.create(name, docIds));
  }

  renameCollection(id: string, name: string): Promise<void> {
    return this.in((ws) => ws.collections.rename(id, name));
  }

  setInCollection(id: string, docIds: string[], add: boolean): Promise<void> {
    return this.in((ws) => ws.collections.setIn(id, docIds, add));
  }

  deleteCollection(id: string): Promise<void> {
    return this.in((ws) => ws.collections.delete(id));
  }

  async passage(chunkId: string): Promise<Passage> {
    const result = await this.in((ws) => passage(this.index.needEngine(), ws.store, chunkId));
    return result.original ? transfer(result, [result.original]) : result;
  }

  async clusterMap(docId: string): Promise<ClusterMap | undefined> {
    const letIdleGo = (await this.searchable()).library.queue.hold();
    try {
      return await this.index.needEngine().clusterMap(docId);
    } finally {
      letIdleGo();
    }
  }

  settings(): Promise<AppSettings> {
    return this.in((ws) => ws.settings.value);
  }

  updateSettings(patch: Partial<AppSettings>): Promise<AppSettings> {
    return this.in((ws) => this.index.changeSettings(ws, patch));
  }

  storage(): Promise<StorageReport> {
    return this.in((ws) => storageUse(ws.library));
  }

  async exportLibrary(): Promise<Blob> {
    const bytes = await this.in((ws) => exportLibrary(ws.store.db, ws.store.keptVectorSources()));
    // the one library file (core/stored-index/binary-format.ts), which `loci` reads too
    return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' });
  }

  importLibrary(file: File, options: { replace?: boolean } = {}): Promise<LibraryImport> {
    return this.in((ws) => importLibraryFile(ws, this.index, file, options));
  }

  siteLibrary(): Promise<string | undefined> {
    return this.in(async (ws) => heldSiteVersion(await ws.collections.list()));
  }

  /** Waits for the start: the import needs the index open with its embedder (the file's, when the visitor's own could not load). */
  async importSiteLibrary(bytes: ArrayBuffer, sha256: string, onSearchable?: () => void, onKept?: () => void): Promise<SiteLibraryImport> {
    const ws = await this.searchable();
    const file = new Uint8Array(bytes);
    const opened = await openOnFileEmbedder(ws, this.index, file);
    const report = await importSiteLibrary(ws, this.index, file, sha256, onSearchable, onKept);
    return opened && !report.switchedEmbedder ? { ...report, switchedEmbedder: opened } : report;
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

  /**
   * The worker's memory by structure (memory-report.ts), or undefined while no index is open. Not
   * part of the LociClient: bench:browser calls it in the worker (workers/engine.worker.ts).
   */
  async memoryReport(): Promise<EngineWorkerMemory | undefined> {
    const ws = await this.opening?.catch(() => undefined);
    const engine = this.index.engine;
    return ws && engine ? engineWorkerMemory(engine, ws.image) : undefined;
  }

  /** The call, on the workspace once start() has opened it. */
  private async in<T>(call: (ws: Workspace) => T | Promise<T>): Promise<T> {
    await this.whenStarted.promise;
    if (!this.opening) throw new Error('the library could not be opened; reload the page to try again');
    return call(await this.opening);
  }

  /** The workspace once the start is over (the index open, or failed to open). */
  private async searchable(): Promise<Workspace> {
    const ws = await this.in((opened) => opened);
    await this.started?.catch(() => undefined);
    return ws;
  }
}
