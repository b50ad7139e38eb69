/**
 * Opening the index: the embedder loaded and the LociEngine opened over the stored library with
 * it; an index built by another embedder is rebuilt. The one owner of the open engine: the host
 * (index-host.ts) runs these opens one at a time, and reads what they opened.
 */
import { LociEngine, type EngineOptions } from '../../src/core/engine/engine.ts';
import type { Embedder } from '../../src/core/ports.ts';
import { DEFAULT_SETTINGS, IndexMismatchError, type ManifestSettings } from '../../src/core/stored-index/manifest.ts';
import type { IndexSnapshot } from '../../src/core/stored-index/snapshot.ts';
import type { AppSettings, IndexOpening } from '../../src/protocol/api.ts';
import { WorkerClusterRunner } from './cluster-worker.ts';
import type { EngineEvents } from './engine-events.ts';
import { indexOpened } from './index-opened.ts';
import { EmbedderUnavailableError } from './open-notices.ts';
import { PendingEmbedder } from './pending-embedder.ts';
import type { StoredRead } from './stored-read.ts';
import type { Workspace } from './workspace.ts';

export interface OpenOptions {
  /** Open again even when the index is open with these settings' embedder (the library changed under it). */
  reopen?: boolean;
  /** The stored index already being read (an import's file as decoded); otherwise it is read now. */
  read?: StoredRead;
  /** Told when questions can be searched, before the model has loaded when the index opens early. */
  onSearchable?: () => void;
}

export class IndexOpener {
  private current: LociEngine | undefined;
  private how: IndexOpening | undefined;
  /** The embedder the open index started with while its model loaded, until the next open. */
  private pending: PendingEmbedder | undefined;
  /** Clustering runs on a worker of its own, started at the first group clustered. */
  private readonly clusterer = new WorkerClusterRunner();

  constructor(private readonly events: EngineEvents) {}

  /** The open index; none before the first open, or while its embedder cannot be loaded. */
  get engine(): LociEngine | undefined {
    return this.current;
  }

  /** How the index was last opened. */
  get opening(): IndexOpening | undefined {
    return this.how;
  }

  /** Whether questions are searched by meaning yet (false while the embedder loads after an early open). */
  meaningReady(): boolean {
    return this.pending?.ready ?? true;
  }

  /**
   * Loads the embedder and opens the index with it. Run one at a time (IndexHost's lock). Nothing
   * may embed while the embed worker swaps its model, so the jobs stop first; if the model cannot
   * be loaded, the index open before (if any) goes on as it was.
   *
   * When no index is open yet and the registry describes the embedder, the index opens before the
   * model has loaded (PendingEmbedder), and `onSearchable` says so: questions are searched by their
   * words until the model is there, and the jobs wait for it. A switch of embedder waits for the
   * model instead, since opening may discard the index.
   */
  async open(ws: Workspace, settings: AppSettings, options: OpenOptions = {}): Promise<void> {
    const { store, library, models } = ws;
    const readAhead = ws.readAhead.take();
    if (this.current && !options.reopen && models.embedder?.id === settings.embedderId) return;
    await library.queue.halt();
    try {
      // Read at once: without an early open the model loads alongside, as neither needs the other until the index opens.
      const read = options.read ?? readAhead;
      const t0 = read?.since ?? performance.now();
      const stored = read?.snapshot ?? store.load();
      let readMs = 0;
      stored.then(() => (readMs = performance.now() - t0)).catch(() => undefined);
      const opening = (): IndexOpening => ({ from: store.openedFrom ?? 'records', ms: performance.now() - t0, readMs, corpusAdopted: this.current?.corpusAdopted ?? false, recordsSince: store.recordsSince });
      const loaded = models.embedder?.id === settings.embedderId ? models.embedder : undefined;
      const load = (): Promise<Embedder> =>
        loaded
          ? Promise.resolve(loaded)
          : models.loadEmbedder(settings.embedderId, settings).catch((error: unknown) => {
              throw new EmbedderUnavailableError(settings.embedderId, error);
            });
      const facts = !this.current && !loaded ? PendingEmbedder.factsOf(settings.embedderId) : undefined;
      // Opening early, the model loads once the index is open: on two cores the two only slowed
      // each other (docs/decisions/2026-12-07-storage-and-open-measured.md), and the index answers
      // by words meanwhile.
      const indexFirst = Promise.withResolvers<void>();
      const loading = facts ? indexFirst.promise.then(load) : load();
      loading.catch(() => undefined);
      const early = facts !== undefined && (await this.openBeforeModel(ws, settings, stored, new PendingEmbedder(facts, loading)).finally(() => indexFirst.resolve()));
      if (early) {
        this.opened(ws, opening());
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
          this.close();
          await library.refresh();
        }
        throw error;
      }
      // opened early on facts the model turned out not to have: open again with its own
      const openAgain = !early || embedder.id !== facts?.id || embedder.dimension !== facts.dimension;
      if (openAgain) {
        this.close();
        this.current = await LociEngine.open({
          ...this.engineParts(ws, settings),
          stored: early ? undefined : stored,
          embedder,
          // The originals stay: the library indexes them again below.
          discardOtherEmbedderIndex: () => store.clearIndex(),
        });
        this.opened(ws, opening());
      }
      const replacedEmbedder = this.current?.replacedEmbedder;
      if (replacedEmbedder) this.events.notify({ kind: 'reindexing', from: replacedEmbedder, to: embedder.id });
      this.events.send({ type: 'resolved', subject: 'models' });
      // An index opened early and kept wrote nothing, and the rows sent when it opened still hold.
      // Listing them again read a large library's document records a second time once the model
      // came, while its first answer was written.
      if (openAgain) await library.refresh();
    } finally {
      if (this.current) library.resumeJobs();
    }
  }

  private close(): void {
    this.current = undefined;
    this.pending = undefined;
  }

  /**
   * Opens the stored index on the registry's facts of a model still loading; false when there is
   * none, or it was built by another embedder (that waits for the model, which may discard it).
   */
  private async openBeforeModel(ws: Workspace, settings: AppSettings, stored: Promise<IndexSnapshot | undefined>, embedder: PendingEmbedder): Promise<boolean> {
    // an empty library has nothing to search yet, and must not start an index on a model that may never load
    if (!(await stored)) return false;
    try {
      this.current = await LociEngine.open({ ...this.engineParts(ws, settings), stored, embedder });
      this.pending = embedder;
      return true;
    } catch (error) {
      if (error instanceof IndexMismatchError) return false;
      throw error;
    }
  }

  private opened(ws: Workspace, opening: IndexOpening): void {
    this.how = opening;
    const engine = this.current;
    if (engine) indexOpened(ws, engine, opening, { events: this.events, engine: () => this.current });
  }

  /** What every engine this opener opens shares, whatever its index and embedder. */
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
}

/** The index settings a new library starts with (an existing index keeps its own). */
function manifestSettings(settings: AppSettings): Partial<ManifestSettings> {
  return {
    chunking: { ...DEFAULT_SETTINGS.chunking, chunkTokens: settings.chunkTokens },
    preparse: { mode: settings.preparse },
  };
}
