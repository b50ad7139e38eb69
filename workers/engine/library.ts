/**
 * The library and its indexing jobs: files in, one job per document from its stored original,
 * pause / resume / cancel / delete, per-file errors, and the rows the UI shows. A job resumes
 * after a reload from the stage its record reached; ids come from content, so nothing duplicates.
 */
import type { AppSettings, LibraryDoc } from '../../src/client/api.ts';
import type { LociEngine } from '../../src/core/engine/engine.ts';
import { reached } from '../../src/core/pipeline/indexer.ts';
import type { Embedder, Generator, Progress } from '../../src/core/ports.ts';
import type { IndexManifest } from '../../src/core/types.ts';
import type { DocumentSummary, IdbIndexStore } from '../../src/storage/idb-index-store.ts';
import { JobQueue, type JobOutcome, type JobRunner } from './job-queue.ts';
import { libraryRow } from './library-rows.ts';
import type { PausedJobs } from './paused-jobs.ts';
import { preparePdfjs } from './pdf-in-thread.ts';
import { ProgressMeter } from './progress-meter.ts';
import { scopedIndexer } from './scoped-indexer.ts';

export interface LibraryDeps {
  store: IdbIndexStore;
  paused: PausedJobs;
  /** Undefined until the embedder has loaded and the index is open. */
  engine: () => LociEngine | undefined;
  models: () => { embedder: Embedder; generator?: Generator };
  settings: () => AppSettings;
  emit: (documents: LibraryDoc[]) => void;
}

/** Progress events are many; the UI needs a few per second. */
const EMIT_INTERVAL_MS = 200;

export class Library implements JobRunner {
  readonly queue: JobQueue;
  private summaries: DocumentSummary[] = [];
  private readonly errors = new Map<string, string>();
  private readonly meters = new Map<string, ProgressMeter>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly deps: LibraryDeps) {
    this.queue = new JobQueue(this, () => this.emitNow());
  }

  /** Re-reads which documents exist (after adding, deleting or importing). */
  async refresh(): Promise<void> {
    this.summaries = await this.deps.store.listDocuments();
    this.emitNow();
  }

  rows(): LibraryDoc[] {
    const engine = this.deps.engine();
    return this.summaries.map((summary) =>
      libraryRow(summary, engine?.indexer.documents.get(summary.id), {
        running: this.queue.running === summary.id,
        paused: this.deps.paused.has(summary.id),
        error: this.errors.get(summary.id),
        progress: this.meters.get(summary.id)?.current,
      }),
    );
  }

  /** Queues every document that has not reached `ready`, unless paused. */
  resumeUnfinished(): void {
    for (const summary of this.summaries) {
      if (!this.isReady(summary.id) && !this.deps.paused.has(summary.id)) this.queue.enqueue(summary.id);
    }
  }

  async add(files: File[]): Promise<void> {
    const ids: string[] = [];
    for (const file of files) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const id = await this.deps.store.addOriginal(file.name, file.type, bytes);
      // Adding a file again is how a person retries it.
      this.errors.delete(id);
      await this.deps.paused.set(id, false);
      ids.push(id);
    }
    await this.refresh();
    if (!this.deps.engine()) return; // start() queues everything once the index is open
    for (const id of ids) if (!this.isReady(id)) this.queue.enqueue(id);
  }

  async pause(docId: string): Promise<void> {
    if (this.isReady(docId)) return;
    await this.deps.paused.set(docId, true);
    await this.queue.stop(docId);
    this.emitNow();
  }

  async resume(docId: string): Promise<void> {
    await this.deps.paused.set(docId, false);
    this.errors.delete(docId);
    if (!this.isReady(docId) && this.deps.engine()) this.queue.enqueue(docId);
    this.emitNow();
  }

  /** Stops a document's indexing and drops it, as if it had never been added. Ready ones stay. */
  async cancel(docId: string): Promise<void> {
    if (this.isReady(docId)) return;
    await this.remove(docId);
  }

  async remove(docId: string): Promise<void> {
    await this.queue.stop(docId);
    await this.deps.engine()?.removeDocument(docId);
    // The engine knows only parsed documents; the store also holds files never parsed.
    await this.deps.store.deleteDocument(docId);
    await this.deps.paused.set(docId, false);
    this.errors.delete(docId);
    await this.refresh();
  }

  async run(docId: string, signal: AbortSignal): Promise<JobOutcome> {
    const meter = new ProgressMeter();
    this.meters.set(docId, meter);
    this.errors.delete(docId);
    try {
      return await this.index(docId, signal, (progress) => {
        meter.update(progress);
        this.emitSoon();
      });
    } catch (error) {
      // Stopped on purpose: whoever stopped it (pause, cancel, delete) sets the row's state.
      if (signal.aborted || (error instanceof Error && error.name === 'CancelledError')) return 'done';
      this.errors.set(docId, this.describe(docId, error));
      return 'done';
    } finally {
      this.meters.delete(docId);
      this.emitNow();
    }
  }

  private async index(docId: string, signal: AbortSignal, onProgress: (progress: Progress) => void): Promise<JobOutcome> {
    const engine = this.deps.engine();
    if (!engine) throw new Error('the index is not open yet');
    const { embedder, generator } = this.deps.models();
    const settings = this.deps.settings();
    const indexer = scopedIndexer({ engine, store: this.deps.store, embedder, generator, manifest: this.manifest(engine.manifest, settings, generator) }, docId);
    const known = engine.indexer.documents.get(docId);
    if (!known || !reached(known.job, 'embedded')) {
      const original = await this.deps.store.getOriginal(docId);
      if (!original) throw new Error('its original file is no longer stored; add the file again');
      await preparePdfjs();
      await indexer.ingestFile(original.name, new Uint8Array(original.bytes), { signal, onProgress });
      this.emitNow();
    }
    await indexer.clusterPending({ signal, onProgress });
    const outcome = await indexer.preparsePending({ signal, onProgress, budget: { maxSources: settings.preparseBudget } });
    return outcome.pendingDocs.has(docId) ? 'more' : 'done';
  }

  /** This run's chunking and pre-parsing follow the settings; the embedder is the index's own. */
  private manifest(base: IndexManifest, settings: AppSettings, generator: Generator | undefined): IndexManifest {
    const mode = settings.preparse === 'llm' && !generator ? 'extractive' : settings.preparse;
    return {
      ...base,
      chunking: { ...base.chunking, chunkTokens: settings.chunkTokens },
      preparse: mode === 'llm' ? { mode, generatorId: generator?.id } : { mode },
    };
  }

  private describe(docId: string, error: unknown): string {
    const text = error instanceof Error ? error.message : String(error);
    if (error instanceof Error && error.name === 'IngestError') return text; // already names the file
    const name = this.summaries.find((s) => s.id === docId)?.name ?? docId;
    return `${name}: ${text}`;
  }

  private isReady(docId: string): boolean {
    const record = this.deps.engine()?.indexer.documents.get(docId);
    return record?.job.stage === 'ready';
  }

  private emitSoon(): void {
    this.timer ??= setTimeout(() => this.emitNow(), EMIT_INTERVAL_MS);
  }

  private emitNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.deps.emit(this.rows());
  }
}
