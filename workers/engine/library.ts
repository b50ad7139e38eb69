/**
 * The library and its indexing jobs: files in, one job per document from its stored original,
 * pause / resume / cancel / delete, per-file errors, and the rows the UI shows. A job resumes
 * after a reload from the stage its record reached; ids come from content, so nothing duplicates.
 * Each dropped file is stored on its own: one that does not fit, or cannot be read, gets a row
 * saying so while the others go on (unstored-files.ts).
 */
import type { AppSettings, DocumentStorage, EngineNotice, LibraryDoc, NoticeSubject, StorageShortage } from '../../src/protocol/api.ts';
import type { LaunchOptions } from '../../src/protocol/workers.ts';
import type { LociEngine } from '../../src/core/engine/engine.ts';
import type { Progress } from '../../src/core/ports.ts';
import { describeDamage } from '../../src/core/stored-index/damage.ts';
import { sha256Hex } from '../../src/core/util/hash.ts';
import { untilAborted } from '../../src/core/util/abort.ts';
import { nextAdded } from '../../src/browser-storage/added-clock.ts';
import { libraryOrder, type DocumentSummary, type IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import { deleteOcrPages, ocrPageCheckpoint } from '../../src/browser-storage/ocr-pages.ts';
import { isStorageFull, ROOM_PROBE_LIMIT, type Room } from '../../src/browser-storage/quota.ts';
import { errorWords } from './error-words.ts';
import { JobQueue, type JobOutcome, type JobRunner } from './job-queue.ts';
import { documentStorage } from './document-sizes.ts';
import { libraryRow } from './library-rows.ts';
import type { PausedJobs } from './paused-jobs.ts';
import { WorkerOcr } from './ocr-worker.ts';
import { preparePdfjs } from './pdf-in-thread.ts';
import { ProgressMeter } from './progress-meter.ts';
import { scannedPageReading } from './scanned-pages.ts';
import { StageRates } from './stage-rates.ts';
import { unreadFileId, type UnstoredFile, type UnstoredFiles } from './unstored-files.ts';
import { chunkCountOf } from '../../src/core/stored-index/chunks-when-read.ts';

export interface LibraryDeps {
  store: IdbIndexStore;
  paused: PausedJobs;
  /** Undefined until the embedder has loaded and the index is open. */
  engine: () => LociEngine | undefined;
  settings: () => AppSettings;
  emit: (documents: LibraryDoc[]) => void;
  /** Whether OCR may run on WebGPU (LaunchOptions); 'auto' when not given. */
  device?: LaunchOptions['device'];
  unstored: UnstoredFiles;
  /** The room the browser still allows, up to `atMost` bytes (quota.ts measureRoom). */
  room: (atMost: number) => Promise<Room | undefined>;
  notify: (notice: EngineNotice, subject: NoticeSubject) => void;
  resolved: (subject: NoticeSubject) => void;
  /** Whether the open index can embed (not while its model loads after an early open); clusters' entries need it. */
  meaningReady?: () => boolean;
  /** How long the queue must be empty before idle work starts (IDLE_QUIET_MS). */
  idleQuietMs?: number;
}

/** Progress events are many; the UI needs a few per second. */
const EMIT_INTERVAL_MS = 200;

/**
 * How long no job may have run before the library makes a ready document's clusters: long enough
 * that files dropped one after another are all read first.
 */
const IDLE_QUIET_MS = 3000;

export class Library implements JobRunner {
  readonly queue: JobQueue;
  private summaries: DocumentSummary[] = [];
  private readonly errors = new Map<string, string>();
  /** Documents whose indexing the browser refused for want of room. */
  private readonly shortages = new Map<string, StorageShortage>();
  /** A notice that a drop would not fit is shown, until no row lacks room. */
  private shortNotice = false;
  /** Names a document's bytes were dropped under again, this session: said on its row, not added. */
  private readonly copies = new Map<string, string[]>();
  private readonly meters = new Map<string, ProgressMeter>();
  /** What each stage takes here, learnt from the documents indexed in this session. */
  private readonly rates = new StageRates();
  /** Reads scanned pages, on a worker started at the first one. */
  private readonly ocr: WorkerOcr;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Documents whose clusters failed while idle this session: not tried again while idle. */
  private readonly unclusterable = new Set<string>();

  constructor(private readonly deps: LibraryDeps) {
    this.ocr = new WorkerOcr(deps.device);
    this.queue = new JobQueue(this, () => this.emitNow());
  }

  /** Re-reads which documents exist, for changes made behind the library's back (import, re-index); `listed`: read already. */
  async refresh(listed: Promise<DocumentSummary[]> = this.deps.store.listDocuments()): Promise<void> {
    this.summaries = await listed;
    this.emitNow();
  }

  /** Lists `summaries` as the stored documents, for a write still under way that will store exactly them. */
  showAhead(summaries: DocumentSummary[]): void {
    this.summaries = summaries;
    this.emitNow();
  }

  rows(): LibraryDoc[] {
    const engine = this.deps.engine();
    const damage = this.damage();
    const stored = this.summaries.map((summary) =>
      libraryRow(summary, engine?.document(summary.id), {
        // no index is open until an embedding model loads: what is not ready waits for one
        waiting: !engine,
        running: this.queue.running === summary.id,
        paused: this.deps.paused.has(summary.id),
        error: this.errors.get(summary.id),
        storageFull: this.shortages.get(summary.id),
        damage: damage.get(summary.id),
        progress: this.meters.get(summary.id)?.current,
        copies: this.copies.get(summary.id),
        topics: engine?.clusterCount(summary.id),
      }),
    );
    const unstored = this.deps.unstored.list();
    if (unstored.length === 0) return stored;
    return [...stored, ...unstored.map((entry) => this.unstoredRow(entry))].sort((a, b) => a.added - b.added);
  }

  /** What each stored document takes, for Settings › Storage. */
  storageByDocument(): DocumentStorage[] {
    return documentStorage(this.summaries, this.deps.engine()?.snapshot());
  }

  private unstoredRow(entry: UnstoredFile): LibraryDoc {
    const summary = { id: entry.id, name: entry.name, mime: entry.mime, size: entry.size, added: entry.added, hasOriginal: false };
    return libraryRow(summary, undefined, {
      running: false,
      paused: false,
      unstored: this.deps.unstored.file(entry.id) ? 'kept' : 'lost',
      ...(entry.shortage ? { storageFull: entry.shortage } : { error: entry.error ?? `${entry.name}: it could not be stored` }),
    });
  }

  /** The jobs go on after a halt (queue.halt): those queued, and every document not yet indexed. */
  resumeJobs(): void {
    this.queue.resumeAll();
    this.resumeUnfinished();
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
    // idle work may be making its clusters, which the repair sets aside
    await this.queue.stop(docId);
    await engine.prepareRepair(docId);
    this.forgetFailure(docId);
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

  /**
   * Stores the dropped files one by one and queues each stored one. A drop the browser has no room
   * for is warned of first; what fits is stored all the same, and each file that is not gets a row
   * saying why, with Retry. Returns the ids of the dropped files' documents in the library now:
   * stored, or there already (a collection made of a dropped folder takes those).
   */
  async add(files: File[]): Promise<string[]> {
    await this.warnIfShort(files);
    const ids: string[] = [];
    const present: string[] = [];
    for (const file of files) {
      const outcome = await this.store(file, this.dropTime());
      if (outcome.stored) ids.push(outcome.id);
      if (this.summaries.some((s) => s.id === outcome.id)) present.push(outcome.id);
    }
    this.emitNow();
    this.enqueue(ids);
    return present;
  }

  private enqueue(ids: readonly string[]): void {
    if (!this.deps.engine()) return; // the index queues everything once it is open
    for (const id of ids) if (!this.isReady(id)) this.queue.enqueue(id);
  }

  private async warnIfShort(files: File[]): Promise<void> {
    // measuring holds the room it asks about for a moment, which a document being indexed may need
    if (this.queue.running !== undefined) return;
    const needs = files.reduce((sum, file) => sum + file.size, 0);
    const room = await this.deps.room(needs).catch(() => undefined);
    if (!room || room.atLeast || room.free >= needs) return;
    this.shortNotice = true;
    this.deps.notify({ kind: 'storage-short', files: files.length, needs, free: room.free }, 'storage');
  }

  /**
   * The place in the library order of a file dropped now: after every row, stored or not. The
   * store's own clock knows only the files it stored, so a file it refused would otherwise share
   * a millisecond with the next one stored and could be listed after it.
   */
  private dropTime(): number {
    // the summaries are in library order, so the last is the latest stored
    return nextAdded(Math.max(this.summaries.at(-1)?.added ?? 0, ...this.deps.unstored.list().map((entry) => entry.added)));
  }

  /**
   * Stores one dropped file under the id of its bytes, its row at `added` in the library order
   * unless it is there already. Not stored: it copies a document already here (said on that row),
   * or it could not be (said on a row of its own, the file kept for Retry).
   */
  private async store(file: File, added: number): Promise<{ id: string; stored: boolean }> {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch (error) {
      const id = unreadFileId(file);
      await this.keepUnstored(file, id, { error: `${file.name}: the file could not be read: ${errorWords(error)}` }, added);
      return { id, stored: false };
    }
    // Ids come from content: the same bytes under another name are the document already here.
    // Storing them would only rename it, so the copy is named on that document's row instead.
    const id = await sha256Hex(bytes);
    const known = this.summaries.find((s) => s.id === id);
    if (known && known.name !== file.name) {
      this.copies.set(id, [...new Set([...(this.copies.get(id) ?? []), file.name])]);
      return { id, stored: false };
    }
    // Adding a file again is how a person retries it; bytes already stored need no second write.
    if (!known?.hasOriginal) {
      try {
        await this.deps.store.putOriginal(id, file.name, file.type, bytes, added);
      } catch (error) {
        const failure = isStorageFull(error) ? { shortage: await this.shortage('file', file.size) } : { error: `${file.name}: it could not be stored: ${errorWords(error)}` };
        await this.keepUnstored(file, id, failure, added);
        return { id, stored: false };
      }
    }
    await this.deps.unstored.forget(id);
    this.forgetFailure(id);
    await this.deps.paused.set(id, false);
    await this.reread(id);
    return { id, stored: true };
  }

  /** Stores again a file that was not stored, while this tab still holds it. */
  private async retryUnstored(rowId: string): Promise<void> {
    const file = this.deps.unstored.file(rowId);
    const entry = this.deps.unstored.get(rowId);
    if (!file) throw new Error(`${entry?.name ?? rowId}: the page was reloaded since it was dropped, so the file has to be dropped again`);
    const outcome = await this.store(file, entry?.added ?? this.dropTime());
    // a file that could not be read before has the id of its bytes now
    if (outcome.id !== rowId) await this.deps.unstored.forget(rowId);
    this.emitNow();
    if (outcome.stored) this.enqueue([outcome.id]);
  }

  private async keepUnstored(file: File, id: string, failure: Pick<UnstoredFile, 'shortage' | 'error'>, added: number): Promise<void> {
    // a file dropped again keeps the place of its first row
    const at = this.deps.unstored.get(id)?.added ?? added;
    await this.deps.unstored.keep({ id, name: file.name, mime: file.type, size: file.size, added: at, ...failure }, file);
  }

  /** A write refused for want of room, with the room left, measured up to what it needed (unknown for an index). */
  private async shortage(what: StorageShortage['what'], needs?: number): Promise<StorageShortage> {
    const room = await this.deps.room(needs ?? ROOM_PROBE_LIMIT).catch(() => undefined);
    return {
      what,
      ...(needs !== undefined ? { needs } : {}),
      // room enough by now is no measure of what was missing: the row then says no amount
      ...(room && !room.atLeast ? { free: room.free } : {}),
    };
  }

  private forgetFailure(docId: string): void {
    this.errors.delete(docId);
    this.shortages.delete(docId);
  }

  async pause(docId: string): Promise<void> {
    if (this.isReady(docId)) return;
    await this.deps.paused.set(docId, true);
    await this.queue.stop(docId);
    this.emitNow();
  }

  /** Goes on with a paused document, or retries a failed one: a file not stored is stored again first. */
  async resume(docId: string): Promise<void> {
    if (this.deps.unstored.get(docId)) return this.retryUnstored(docId);
    await this.deps.paused.set(docId, false);
    this.forgetFailure(docId);
    if (!this.isReady(docId) && this.deps.engine()) this.queue.enqueue(docId);
    this.emitNow();
  }

  /** Stops a document's indexing and drops it, as if it had never been added. Ready ones stay. */
  async cancel(docId: string): Promise<void> {
    if (this.isReady(docId)) return;
    await this.remove(docId);
  }

  async remove(docId: string): Promise<void> {
    if (this.deps.unstored.get(docId)) {
      await this.deps.unstored.forget(docId);
      this.emitNow();
      return;
    }
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
    this.forgetFailure(docId);
    this.summaries = this.summaries.filter((summary) => summary.id !== docId);
    this.emitNow();
  }

  async run(docId: string, signal: AbortSignal): Promise<JobOutcome> {
    const engine = this.deps.engine();
    const meter = new ProgressMeter(
      {
        bytes: this.summaries.find((s) => s.id === docId)?.size ?? 0,
        passages: () => {
          const record = engine?.document(docId);
          return (record && chunkCountOf(record)) || undefined;
        },
        preparse: this.deps.settings().preparse !== 'off',
        fresh: !engine?.document(docId),
      },
      this.rates,
    );
    this.meters.set(docId, meter);
    this.forgetFailure(docId);
    try {
      return await this.index(docId, signal, (progress) => {
        meter.update(progress);
        this.emitSoon();
      });
    } catch (error) {
      // Stopped on purpose: whoever stopped it (pause, cancel, delete) sets the row's state.
      if (signal.aborted) return 'done';
      if (isStorageFull(error)) this.shortages.set(docId, await this.shortage('index'));
      else this.errors.set(docId, this.describe(docId, error));
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

  /**
   * While no job waits, one ready document's clusters (its topics) are made, one document a step,
   * so that the first question about that document, its cluster map or a question about all of it
   * does not wait for them, seconds for a 10-K (docs/decisions/2026-12-07-clustering-cost-measured.md).
   * A job that arrives, a question or the cluster map stops the step (JobQueue), and
   * the document is clustered again from the start later: the person never waits for another
   * document's clustering, which holds the one clustering worker. Nothing stays to do: 'done',
   * until the next job ends.
   */
  async idle(signal: AbortSignal): Promise<JobOutcome> {
    const quiet = new Promise((resolve) => setTimeout(resolve, this.deps.idleQuietMs ?? IDLE_QUIET_MS));
    await untilAborted(quiet, signal, 'idle work');
    const engine = this.deps.engine();
    if (!engine || this.deps.meaningReady?.() === false) return 'done';
    const docId = engine.unclustered().find((id) => this.isReady(id) && !this.deps.paused.has(id) && !this.unclusterable.has(id));
    if (docId === undefined) return 'done';
    try {
      await engine.makeClusters({ docIds: new Set([docId]), signal });
    } catch (error) {
      if (signal.aborted) return 'more';
      // not tried again while idle, so the others go on; a question that needs them tries, and says why it could not
      this.unclusterable.add(docId);
      console.warn(`Loci: the topics of ${this.summaries.find((s) => s.id === docId)?.name ?? docId} could not be found`, error);
    }
    // the rows are sent again by the engine once clusters are made (IndexOpener.engineParts, index-open.ts)
    return 'more';
  }

  /** The quiet time the launch asked for (LaunchOptions.quietMs, tests) instead of each idle task's own; undefined when none. */
  get quietMs(): number | undefined {
    return this.deps.idleQuietMs;
  }

  private describe(docId: string, error: unknown): string {
    const text = errorWords(error);
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
    const rows = this.rows();
    this.deps.emit(rows);
    // the warning that a drop would not fit holds until every row it was about has room or is gone
    if (this.shortNotice && !rows.some((row) => row.storageFull)) {
      this.shortNotice = false;
      this.deps.resolved('storage');
    }
  }
}
