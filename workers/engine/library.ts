/**
 * The library and its indexing jobs: files in, one job per document from its stored original,
 * pause / resume / cancel / delete, per-file errors, and the rows the UI shows. A job resumes
 * after a reload from the stage its record reached; ids come from content, so nothing duplicates.
 */
import type { AppSettings, LibraryDoc } from '../../src/protocol/api.ts';
import type { LaunchOptions } from '../../src/protocol/workers.ts';
import type { LociEngine } from '../../src/core/engine/engine.ts';
import type { Progress } from '../../src/core/ports.ts';
import { describeDamage } from '../../src/core/stored-index/damage.ts';
import { sha256Hex } from '../../src/core/util/hash.ts';
import { libraryOrder, type DocumentSummary, type IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import { deleteOcrPages, ocrPageCheckpoint } from '../../src/browser-storage/ocr-pages.ts';
import { JobQueue, type JobOutcome, type JobRunner } from './job-queue.ts';
import { libraryRow } from './library-rows.ts';
import type { PausedJobs } from './paused-jobs.ts';
import { WorkerOcr } from './ocr-worker.ts';
import { preparePdfjs } from './pdf-in-thread.ts';
import { ProgressMeter } from './progress-meter.ts';
import { scannedPageReading } from './scanned-pages.ts';
import { StageRates } from './stage-rates.ts';

export interface LibraryDeps {
  store: IdbIndexStore;
  paused: PausedJobs;
  /** Undefined until the embedder has loaded and the index is open. */
  engine: () => LociEngine | undefined;
  settings: () => AppSettings;
  emit: (documents: LibraryDoc[]) => void;
  /** Whether OCR may run on WebGPU (LaunchOptions); 'auto' when not given. */
  device?: LaunchOptions['device'];
}

/** Progress events are many; the UI needs a few per second. */
const EMIT_INTERVAL_MS = 200;

export class Library implements JobRunner {
  readonly queue: JobQueue;
  private summaries: DocumentSummary[] = [];
  private readonly errors = new Map<string, string>();
  /** Names a document's bytes were dropped under again, this session: said on its row, not added. */
  private readonly copies = new Map<string, string[]>();
  private readonly meters = new Map<string, ProgressMeter>();
  /** What each stage takes here, learnt from the documents indexed in this session. */
  private readonly rates = new StageRates();
  /** Reads scanned pages, on a worker started at the first one. */
  private readonly ocr: WorkerOcr;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly deps: LibraryDeps) {
    this.ocr = new WorkerOcr(deps.device);
    this.queue = new JobQueue(this, () => this.emitNow());
  }

  /** Re-reads which documents exist, for changes made behind the library's back (import, re-index). */
  async refresh(): Promise<void> {
    this.summaries = await this.deps.store.listDocuments();
    this.emitNow();
  }

  rows(): LibraryDoc[] {
    const engine = this.deps.engine();
    const damage = this.damage();
    return this.summaries.map((summary) =>
      libraryRow(summary, engine?.document(summary.id), {
        // no index is open until an embedding model loads: what is not ready waits for one
        waiting: !engine,
        running: this.queue.running === summary.id,
        paused: this.deps.paused.has(summary.id),
        error: this.errors.get(summary.id),
        damage: damage.get(summary.id),
        progress: this.meters.get(summary.id)?.current,
        copies: this.copies.get(summary.id),
      }),
    );
  }

  /**
   * Queues every document that has not reached `ready`, unless paused or damaged: a damaged one
   * waits for the person's Repair, so what the checksums found is shown before it is rebuilt.
   */
  resumeUnfinished(): void {
    const damage = this.damage();
    for (const summary of this.summaries) {
      if (!this.isReady(summary.id) && !this.deps.paused.has(summary.id) && !damage.has(summary.id)) this.queue.enqueue(summary.id);
    }
  }

  /**
   * Rebuilds a damaged document from its stored original: what leaned on it is set aside
   * (LociEngine.prepareRepair) and its job indexes it again, its new records replacing the damaged
   * ones. A document whose original is gone cannot be rebuilt, and says so.
   */
  async repair(docId: string): Promise<void> {
    const engine = this.deps.engine();
    if (!engine) throw new Error('the library is still opening');
    const summary = this.summaries.find((s) => s.id === docId);
    const lost = engine.damage.some((d) => d.kind === 'document' && d.id === docId);
    if (lost && !summary?.hasOriginal) {
      throw new Error(`${summary?.name ?? docId}: its original file is no longer stored, so it cannot be rebuilt; delete it and add the file again`);
    }
    await engine.prepareRepair(docId);
    this.errors.delete(docId);
    await this.deps.paused.set(docId, false);
    this.queue.enqueue(docId);
    this.emitNow();
  }

  /** Damage found on open and not yet rebuilt, in plain words, by document. */
  private damage(): Map<string, string> {
    const out = new Map<string, string>();
    for (const d of this.deps.engine()?.damage ?? []) {
      for (const id of d.docIds) out.set(id, out.has(id) ? `${out.get(id)}; ${describeDamage(d)}` : describeDamage(d));
    }
    return out;
  }

  async add(files: File[]): Promise<void> {
    const ids: string[] = [];
    for (const file of files) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      // Ids come from content: the same bytes under another name are the document already here.
      // Storing them would only rename it, so the copy is named on that document's row instead.
      const id = await sha256Hex(bytes);
      const known = this.summaries.find((s) => s.id === id);
      if (known && known.name !== file.name) {
        this.copies.set(id, [...new Set([...(this.copies.get(id) ?? []), file.name])]);
        continue;
      }
      await this.deps.store.putOriginal(id, file.name, file.type, bytes);
      // Adding a file again is how a person retries it.
      this.errors.delete(id);
      await this.deps.paused.set(id, false);
      await this.reread(id);
      ids.push(id);
    }
    this.emitNow();
    if (!this.deps.engine()) return; // the index queues everything once it is open
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
    const engine = this.deps.engine();
    // The engine deletes what it knows from the store too; files never parsed only the store has.
    if (engine?.document(docId)) await engine.removeDocument(docId);
    else {
      await this.deps.store.deleteDocument(docId);
      // a damaged document was never loaded: the engine only forgets its damage
      await engine?.removeDocument(docId);
    }
    await this.deps.paused.set(docId, false);
    this.errors.delete(docId);
    this.summaries = this.summaries.filter((summary) => summary.id !== docId);
    this.emitNow();
  }

  async run(docId: string, signal: AbortSignal): Promise<JobOutcome> {
    const engine = this.deps.engine();
    const meter = new ProgressMeter(
      {
        bytes: this.summaries.find((s) => s.id === docId)?.size ?? 0,
        passages: () => engine?.document(docId)?.chunks.length || undefined,
        preparse: this.deps.settings().preparse !== 'off',
        fresh: !engine?.document(docId),
      },
      this.rates,
    );
    this.meters.set(docId, meter);
    this.errors.delete(docId);
    try {
      return await this.index(docId, signal, (progress) => {
        meter.update(progress);
        this.emitSoon();
      });
    } catch (error) {
      // Stopped on purpose: whoever stopped it (pause, cancel, delete) sets the row's state.
      if (signal.aborted) return 'done';
      this.errors.set(docId, this.describe(docId, error));
      return 'done';
    } finally {
      meter.finish();
      this.meters.delete(docId);
      this.emitNow();
    }
  }

  /**
   * Runs one document's stages in the engine (which keeps them to that document). This run's
   * chunk size, pre-parse mode and budget follow the settings.
   */
  private async index(docId: string, signal: AbortSignal, onProgress: (progress: Progress) => void): Promise<JobOutcome> {
    const engine = this.deps.engine();
    if (!engine) throw new Error('the index is not open yet');
    const settings = this.deps.settings();
    const read = async () => {
      const original = await this.deps.store.getOriginal(docId);
      if (!original) throw new Error('its original file is no longer stored; add the file again');
      preparePdfjs();
      return { name: original.name, bytes: new Uint8Array(original.bytes) };
    };
    const checkpoint = ocrPageCheckpoint(this.deps.store.db, docId, this.ocr.id);
    const { ready } = await engine.indexDocument(docId, read, {
      chunkTokens: settings.chunkTokens,
      preparse: settings.preparse,
      preparseBudget: { maxSources: settings.preparseBudget },
      signal,
      onProgress,
      ingest: settings.ocr ? { ocr: scannedPageReading(this.ocr, checkpoint, signal, onProgress) } : {},
      // the row shows its chunks while the slower stages run; a scan's pages live in its record now
      onEmbedded: () => {
        this.emitNow();
        void deleteOcrPages(this.deps.store.db, docId).catch(() => undefined);
      },
    });
    return ready ? 'done' : 'more';
  }

  private describe(docId: string, error: unknown): string {
    const text = error instanceof Error ? error.message : String(error);
    if (error instanceof Error && error.name === 'IngestError') return text; // already names the file
    const name = this.summaries.find((s) => s.id === docId)?.name ?? docId;
    return `${name}: ${text}`;
  }

  /** Takes in the stored row of one document the library itself just changed. */
  private async reread(docId: string): Promise<void> {
    const summary = await this.deps.store.getSummary(docId);
    const others = this.summaries.filter((s) => s.id !== docId);
    // A file added again keeps its place; a new one goes last (its `added` is the newest).
    this.summaries = summary ? [...others, summary].sort(libraryOrder) : others;
  }

  /**
   * Resolves once, for `quietMs` on end, no document has been waiting to become searchable (queued,
   * or indexing and not yet chunked): work that can wait, such as loading the chat model, then does
   * not slow down the reading of a file just dropped. Checked every quarter of a second.
   */
  async whenSearchable(quietMs: number): Promise<void> {
    let quietSince = performance.now();
    for (;;) {
      if (this.readingAny()) quietSince = performance.now();
      else if (performance.now() - quietSince >= quietMs) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  private readingAny(): boolean {
    const engine = this.deps.engine();
    return this.summaries.some((s) => {
      if (!this.queue.has(s.id)) return false;
      const stage = engine?.document(s.id)?.job.stage;
      return stage === undefined || stage === 'parsed';
    });
  }

  private isReady(docId: string): boolean {
    const record = this.deps.engine()?.document(docId);
    return record?.job.stage === 'ready';
  }

  private emitSoon(): void {
    this.timer ??= setTimeout(() => this.emitNow(), EMIT_INTERVAL_MS);
  }

  /** Sends the rows again as they stand (the index they are read against changed, the stored library did not). */
  emitNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.deps.emit(this.rows());
  }
}
