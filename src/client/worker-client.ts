/**
 * The LociClient the app uses: three module workers (engine, embed, LLM) wired with comlink; the
 * engine worker starts a fourth, for clustering, itself. The main thread only creates them and
 * hands the engine worker a MessagePort to each model worker; all inference, clustering and
 * storage happens off the main thread.
 */
import { proxy, transfer, wrap } from 'comlink';
import type { LibraryEvent, LociClient } from '../protocol/api.ts';
import type { AskStreamEvent } from '../protocol/ask.ts';
import type { ConnectMessage, EngineApi } from '../protocol/workers.ts';
import { takeEngineWorker } from './engine-worker.ts';
import { launchOptions } from './url-options.ts';
import { SITE_LIBRARY_MANIFEST } from '../protocol/site-library-manifest.ts';

function connect(worker: Worker): MessagePort {
  const channel = new MessageChannel();
  const message: ConnectMessage = { type: 'loci-connect', port: channel.port2 };
  worker.postMessage(message, [channel.port2]);
  return channel.port1;
}

export function createWorkerClient(search?: string): LociClient {
  // a user-timing mark, like the workers': bench:browser reads them to say where a reopen's time goes
  performance.mark('loci:client');
  const launch = launchOptions(search);
  // started as the page loaded, by the early script ahead of the app's (engine-worker.ts)
  const early = takeEngineWorker();
  const engineWorker = early.worker;
  const embedWorker = new Worker(new URL('../../workers/embed.worker.ts', import.meta.url), { type: 'module', name: 'loci-embed' });
  const llmWorker = new Worker(new URL('../../workers/llm.worker.ts', import.meta.url), { type: 'module', name: 'loci-llm' });
  const engine = wrap<EngineApi>(engineWorker);
  const listeners = new Set<(event: LibraryEvent) => void>();
  const dispatch = (event: LibraryEvent) => {
    for (const listener of listeners) listener(event);
  };
  const failed = (worker: 'engine' | 'embed' | 'llm', message: string | undefined) =>
    dispatch({ type: 'notice', notice: { kind: 'worker-failed', worker, ...(message ? { detail: message } : {}) } });
  for (const [worker, name] of [
    [engineWorker, 'engine'],
    [embedWorker, 'embed'],
    [llmWorker, 'llm'],
  ] as const) {
    worker.addEventListener('error', (event) => failed(name, event.message));
  }
  const earlyErrors = early.takeErrors();

  let started: ReturnType<LociClient['start']> | undefined;

  return {
    start() {
      // the early engine's errors from before the client listened, said once the app listens
      for (const message of earlyErrors.splice(0)) failed('engine', message);
      started ??= (async () => {
        const embedPort = connect(embedWorker);
        const llmPort = connect(llmWorker);
        const siteManifest = new URL(`./${SITE_LIBRARY_MANIFEST}`, location.href).href;
        const result = await engine.start(transfer({ launch, embedPort, llmPort, siteManifest }, [embedPort, llmPort]), proxy(dispatch));
        performance.mark('loci:started');
        // Tests and diagnostics read where the models really run without opening the settings.
        document.documentElement.dataset.embedderDevice = result.device.embedderDevice;
        document.documentElement.dataset.generatorBackend = result.device.generatorBackend;
        if (result.index) {
          document.documentElement.dataset.indexOpenedFrom = result.index.from;
          document.documentElement.dataset.indexOpenedMs = result.index.ms.toFixed(0);
          document.documentElement.dataset.indexReadMs = result.index.readMs.toFixed(0);
          document.documentElement.dataset.indexCorpus = result.index.corpusAdopted ? 'adopted' : 'laid-out';
          document.documentElement.dataset.indexRecordsSince = String(result.index.recordsSince);
        }
        return result;
      })().catch((error: unknown) => {
        // A failed start may be tried again (with fresh ports: these went to the engine).
        started = undefined;
        throw error;
      });
      return started;
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    addFiles: (files, into) => engine.addFiles(files, into),
    pause: (docId) => engine.pause(docId),
    resume: (docId) => engine.resume(docId),
    cancel: (docId) => engine.cancel(docId),
    remove: (docId) => engine.remove(docId),
    repair: (docId) => engine.repair(docId),
    shown: () => engine.shown(),
    documents: () => engine.documents(),
    ask: (question, request, onEvent: (event: AskStreamEvent) => void) => engine.ask(question, request, proxy(onEvent)),
    stop: () => engine.stop(),
    chats: () => engine.chats(),
    history: (chatId) => engine.history(chatId),
    removeLastTurn: (chatId) => engine.removeLastTurn(chatId),
    clearHistory: (chatId) => engine.clearHistory(chatId),
    renameChat: (chatId, title) => engine.renameChat(chatId, title),
    setChatScope: (chatId, scope) => engine.setChatScope(chatId, scope),
    collections: () => engine.collections(),
    createCollection: (name, docIds) => engine.createCollection(name, docIds),
    renameCollection: (id, name) => engine.renameCollection(id, name),
    setInCollection: (id, docIds, add) => engine.setInCollection(id, docIds, add),
    deleteCollection: (id) => engine.deleteCollection(id),
    passage: (chunkId) => engine.passage(chunkId),
    clusterMap: (docId) => engine.clusterMap(docId),
    settings: () => engine.settings(),
    updateSettings: (patch) => engine.updateSettings(patch),
    // Sized in the engine worker: the main thread never opens weight files.
    cachedModels: () => engine.cachedModels(),
    deleteCachedModel: (id) => engine.deleteCachedModel(id),
    importModelFolder: (files) => engine.importModelFolder(files),
    storage: () => engine.storage(),
    exportLibrary: () => engine.exportLibrary(),
    importLibrary: (file, options) => engine.importLibrary(file, options),
    siteLibrary: () => engine.siteLibrary(),
    // handed over, not copied: a site's library may be tens of megabytes
    importSiteLibrary: (bytes, sha256, onSearchable, onKept) => engine.importSiteLibrary(transfer(bytes, [bytes]), sha256, onSearchable && proxy(onSearchable), onKept && proxy(onKept)),
  };
}
