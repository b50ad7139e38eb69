/**
 * The indexing pipeline: parse → chunk → embed → pre-parse → ready, one stage at a time, each
 * stage's result written to the store before the next starts; clusters are made apart, when read
 * (`makeClusters`). A job that stops (crash, reload, cancel, budget) resumes from the stage it
 * reached, and since records are replaced whole and ids come from content, nothing is ever
 * duplicated.
 */
import { chunkDocument } from '../chunk/chunker.ts';
import { chunkEmbeddingText } from '../chunk/embedding-text.ts';
import { clusterInThread } from '../cluster/index.ts';
import { DEFAULT_MAX_CHUNKS, IngestError, ingest, tooManyChunks, type IngestOptions } from '../ingest/index.ts';
import type { CorpusImage } from '../search/corpus-image.ts';
import type { DocumentRecord, GroupRecord, IndexChanges } from '../stored-index/snapshot.ts';
import type { IndexStore } from '../ports.ts';
import type { Chunk, ClusterGroup, PreparseMode } from '../types.ts';
import type { ChunkOptions } from '../chunk/chunker.ts';
import { sha256Hex } from '../util/hash.ts';
import { CancelledError, throwIfAborted } from '../util/abort.ts';
import { chunkEntry, clusterEntry } from './base-entries.ts';
import { clusteringOptions } from './cluster-options.ts';
import { concatVectors, embedTexts, row } from './embed-texts.ts';
import { roundRowsToStored } from '../stored-index/vector-codec.ts';
import { covers, termsFor } from '../search/entry-terms.ts';
import type { LiveCorpus } from '../search/live-corpus.ts';
import { buildRaptorEntries } from './raptor-stage.ts';
import { GroupFlights } from './group-flights.ts';
import { preparseStage, type PreparseBudget, type PreparseOutcome } from './preparse-stage.ts';
import { CORPUS_GROUP_ID, documentGroupId, reached, type RecordSink, type StageDeps, type StageOptions } from './stages.ts';

/**
 * Rows embedded between checkpoints of a document's embedding: at least 256, and a quarter of
 * those already saved, so a long document is rewritten a handful of times (each checkpoint writes
 * its record whole) while a reload loses at most that much work. Counts, not time, so a run's
 * records do not depend on the machine's speed.
 */
const EMBED_CHECKPOINT_AT_LEAST = 256;
const EMBED_CHECKPOINT_SHARE = 4;

/** How many of `entries`, from the first, the record already holds with their vectors (a checkpoint). */
function embeddedPrefix(record: DocumentRecord, entries: readonly { id: string }[], dimension: number): number {
  const n = record.entries.length;
  if (n === 0 || n > entries.length || record.vectors.length !== n * dimension) return 0;
  return record.entries.every((e, i) => e.id === entries[i].id) ? n : 0;
}

export interface IndexerDeps extends StageDeps {
  store: IndexStore;
  corpus: LiveCorpus;
}

export interface IngestFileOptions extends StageOptions {
  ingest?: IngestOptions;
  /** Chunk this document unlike the manifest's default; recorded on its job. */
  chunking?: ChunkOptions;
  /** The SHA-256 of `bytes`, when the caller named the file by it already (the app, storing a dropped file). */
  id?: string;
}

export class Indexer implements RecordSink {
  readonly documents = new Map<string, DocumentRecord>();
  readonly groups = new Map<string, GroupRecord>();
  /** Groups being clustered, so that a second reader waits for the run under way. */
  private readonly flights = new GroupFlights();

  constructor(private readonly deps: IndexerDeps) {}

  /**
   * Records loaded from the store, in added order, made searchable as far as their stage allows.
   * With the corpus image saved beside them (the app's open image) the search corpus adopts its
   * rows instead of laying out every record, when every document searched at all is embedded (one
   * searched by its words alone is laid out from its record) and the image holds exactly them.
   * Records stored since the image was made (`since`) are then laid over it.
   */
  restore(documents: DocumentRecord[], groups: GroupRecord[], image?: CorpusImage, since?: IndexChanges): { corpusAdopted: boolean } {
    const searched = documents.filter((d) => reached(d.job, 'chunked'));
    const adopted = image !== undefined && searched.every((d) => reached(d.job, 'embedded')) && this.deps.corpus.adopt(searched, groups, image);
    for (const d of documents) {
      this.documents.set(d.doc.id, d);
      if (!adopted) this.search(d);
    }
    for (const g of groups) {
      this.groups.set(g.group.id, g);
      if (!adopted) this.deps.corpus.setGroup(g);
    }
    if (since) this.layOver(since);
    return { corpusAdopted: adopted };
  }

  /**
   * Records stored after those just restored, laid over them in memory as they were when written
   * (nothing is written): a record replaced keeps its document's place, a new one comes last.
   */
  private layOver({ documents, groups, deletedDocuments, deletedGroups }: IndexChanges): void {
    for (const id of deletedGroups) {
      this.deps.corpus.removeGroup(id);
      this.groups.delete(id);
    }
    for (const id of deletedDocuments) {
      this.deps.corpus.removeDocument(id);
      this.documents.delete(id);
    }
    for (const d of documents) {
      this.documents.set(d.doc.id, d);
      // one not chunked (again) has no rows, as when its records are read
      if (reached(d.job, 'chunked')) this.search(d);
      else this.deps.corpus.removeDocument(d.doc.id);
    }
    for (const g of groups) {
      this.groups.set(g.group.id, g);
      this.deps.corpus.setGroup(g);
    }
  }

  /** Parse, chunk and embed one file; returns its record (the existing one when already indexed). */
  async ingestFile(name: string, bytes: Uint8Array, options: IngestFileOptions = {}): Promise<DocumentRecord> {
    const { signal, onProgress } = options;
    throwIfAborted(signal, 'indexing');
    onProgress?.({ stage: 'parse', done: 0, total: 1, item: name });
    // Hash first: a document met again (resume, re-run) is not parsed again.
    const id = options.id ?? (await sha256Hex(bytes));
    let record = this.documents.get(id);
    if (!record) {
      const doc = await ingest(name, bytes, { ...options.ingest, id });
      record = await this.putDocument({ doc, chunks: [], job: { docId: doc.id, stage: 'parsed' }, entries: [], vectors: new Float32Array(0), preparse: [] });
    }
    onProgress?.({ stage: 'parse', done: 1, total: 1, item: name });

    if (!reached(record.job, 'chunked')) {
      throwIfAborted(signal, 'indexing');
      const chunking = options.chunking ?? this.deps.manifest.chunking;
      const chunks = await chunkDocument(record.doc, (texts) => this.deps.embedder.countTokens(texts), chunking);
      if (chunks.length === 0) {
        // Parsing refuses text-less files; should chunking still find nothing, the document is
        // dropped rather than left "ready" with nothing to search.
        await this.removeDocument(record.doc.id);
        throw new IngestError(name, 'empty', 'the file holds no text to index');
      }
      const maxChunks = options.ingest?.maxChunks ?? DEFAULT_MAX_CHUNKS;
      if (chunks.length > maxChunks) {
        await this.removeDocument(record.doc.id);
        throw tooManyChunks(name, chunks.length, maxChunks);
      }
      const job = { ...record.job, stage: 'chunked' as const, ...(options.chunking ? { chunking: options.chunking } : {}) };
      record = await this.putDocument({ ...record, chunks, job });
    }
    if (!reached(record.job, 'embedded')) {
      const entries = record.chunks.map(chunkEntry);
      const dim = this.deps.embedder.dimension;
      // the rows a stopped run had embedded and checkpointed are kept: only the rest is embedded
      const kept = embeddedPrefix(record, entries, dim);
      let current: DocumentRecord = kept > 0 ? record : { ...record, entries: [], vectors: new Float32Array(0), terms: undefined };
      let saved = kept;
      // said before the first batch, not after it: the row shows its chunks searchable by their
      // words while that batch is embedded (seconds on WASM with a production embedder)
      onProgress?.({ stage: 'embed', done: kept, total: entries.length, item: name });
      // the embedder reads each chunk as a Markdown excerpt, not its entry text (chunk/chunker.ts)
      const rest = await embedTexts(this.deps.embedder, record.chunks.slice(kept).map(chunkEmbeddingText), {
        signal,
        onProgress: (done) => onProgress?.({ stage: 'embed', done: kept + done, total: entries.length, item: name }),
        onBatch: async (done, vectors) => {
          const rows = kept + done;
          if (rows === entries.length || rows - saved < Math.max(EMBED_CHECKPOINT_AT_LEAST, saved / EMBED_CHECKPOINT_SHARE)) return;
          // still 'chunked': searched by its words until every row has its vector
          current = await this.putDocument({ ...current, entries: entries.slice(0, rows), vectors: concatVectors(current.vectors, vectors.subarray((saved - kept) * dim, done * dim)) });
          saved = rows;
        },
      });
      const vectors = concatVectors(current.vectors, rest.subarray((saved - kept) * dim));
      record = await this.putDocument({ ...current, entries, vectors, job: { ...current.job, stage: 'embedded' } });
    }
    return record;
  }

  /**
   * Clusters whatever has no clusters yet: each embedded document on its own (document scope), or
   * the embedded documents together when the corpus group is missing or holds other documents
   * (corpus scope), one run a group at a time (group-flights.ts). Returns the groups it made (or
   * waited for another reader to make). Indexing never calls it: the default strategy
   * reads clusters only for a question about one document (engine/ask.ts), and clustering was the
   * dearest per-chunk stage (docs/decisions/2026-12-07-clustering-cost-measured.md).
   */
  async makeClusters(options: StageOptions = {}): Promise<string[]> {
    const embedded = () => [...this.documents.values()].filter((r) => reached(r.job, 'embedded'));
    if (this.deps.manifest.clustering.scope === 'document') {
      const made: string[] = [];
      for (const record of embedded()) {
        const id = documentGroupId(record.doc.id);
        if (this.groups.has(id) || (options.docIds && !options.docIds.has(record.doc.id))) continue;
        await this.flights.run(id, () => this.groups.has(id), (onProgress) => this.clusterGroup(id, [record], { ...options, onProgress }), options);
        made.push(id);
      }
      return made;
    }
    // A pooled corpus is one group: clustering some documents of it would cluster a different corpus.
    const current = () => this.unclustered().length === 0;
    if (current()) return [];
    await this.flights.run(CORPUS_GROUP_ID, current, (onProgress) => this.clusterGroup(CORPUS_GROUP_ID, embedded(), { ...options, onProgress }), options);
    return [CORPUS_GROUP_ID];
  }

  /**
   * The embedded documents whose clusters `makeClusters` would make: those with no group of their
   * own, or, in a pooled corpus, all of them when its group is missing or holds other documents.
   */
  unclustered(): string[] {
    const ids = [...this.documents.values()].filter((r) => reached(r.job, 'embedded')).map((r) => r.doc.id);
    if (this.deps.manifest.clustering.scope === 'document') return ids.filter((id) => !this.groups.has(documentGroupId(id)));
    const current = this.groups.get(CORPUS_GROUP_ID)?.group.docIds;
    const same = current !== undefined && current.length === ids.length && current.every((id, i) => id === ids[i]);
    return ids.length === 0 || same ? [] : ids;
  }

  /** Pre-parses every source not yet done, within the budget; marks finished documents ready. */
  async preparsePending(options: StageOptions & { budget?: PreparseBudget; mode?: PreparseMode } = {}): Promise<PreparseOutcome> {
    const outcome = await preparseStage(this.deps, this, options);
    // Finished sources are already stored; the caller learns the run stopped short.
    if (outcome.cancelled) throw new CancelledError('indexing');
    for (const record of [...this.documents.values()]) {
      if (!reached(record.job, 'embedded') || record.job.stage === 'ready') continue;
      if (options.docIds && !options.docIds.has(record.doc.id)) continue;
      if (!outcome.pendingDocs.has(record.doc.id)) await this.putDocument({ ...record, job: { ...record.job, stage: 'ready' } });
    }
    return outcome;
  }

  /**
   * Deletes a document, and every cluster group that included it: the other documents of a pooled
   * group are clustered again when something next reads clusters (`makeClusters`).
   */
  async removeDocument(docId: string): Promise<void> {
    if (!this.documents.has(docId)) return;
    for (const [id, g] of [...this.groups]) {
      if (!g.group.docIds.includes(docId)) continue;
      await this.deleteGroup(id);
    }
    await this.deps.store.deleteDocument(docId);
    this.deps.corpus.removeDocument(docId);
    this.documents.delete(docId);
  }

  /** Stores a document's record, its entries' words counted; returns the record as stored. */
  async putDocument(given: DocumentRecord): Promise<DocumentRecord> {
    const record = this.asStored(given);
    await this.deps.store.putDocument(record);
    this.documents.set(record.doc.id, record);
    this.search(record);
    return record;
  }

  /**
   * What of a document the corpus searches: nothing before it is chunked, its chunks by their
   * words until they are embedded (a question asked meanwhile is answered from them), then all.
   */
  private search(record: DocumentRecord): void {
    if (reached(record.job, 'embedded')) this.deps.corpus.setDocument(record);
    else if (reached(record.job, 'chunked')) this.deps.corpus.setDocument(record, record.chunks.map(chunkEntry));
  }

  async deleteGroup(id: string): Promise<void> {
    await this.deps.store.deleteGroup(id);
    this.deps.corpus.removeGroup(id);
    this.groups.delete(id);
  }

  async putGroup(given: GroupRecord): Promise<void> {
    const record = this.asStored(given);
    await this.deps.store.putGroup(record);
    this.groups.set(record.group.id, record);
    this.deps.corpus.setGroup(record);
  }

  /**
   * A record as the store keeps it and gives it back: its entries' words counted (once per entry,
   * read by the corpus now and whenever the index is opened) and its vectors at stored precision.
   * Rows its terms already counted were stored before, and so rounded already: only the rows after
   * them are, in place (every record is given vectors of its own: fresh from embedding, or
   * concatenated by a pre-parse checkpoint).
   */
  private asStored<R extends DocumentRecord | GroupRecord>(given: R): R {
    if (given.entries.length === 0 && !given.terms) return given;
    const done = given.terms && covers(given.terms, given.entries) ? given.terms.entries : 0;
    roundRowsToStored(given.vectors, this.deps.embedder.dimension, this.deps.manifest.vectorStorage, done);
    return { ...given, terms: termsFor(given.entries, given.terms) };
  }

  private async clusterGroup(groupId: string, records: DocumentRecord[], options: StageOptions): Promise<void> {
    const { signal, onProgress } = options;
    const { manifest, embedder } = this.deps;
    const dim = embedder.dimension;
    const chunks: Chunk[] = [];
    const vectors: Float32Array[] = [];
    for (const r of records) {
      const byId = new Map(r.chunks.map((c) => [c.id, c]));
      r.entries.forEach((e, i) => {
        if (e.kind !== 'chunk') return;
        chunks.push(byId.get(e.origin.id)!);
        vectors.push(row(r.vectors, dim, i));
      });
    }
    const item = records.length === 1 ? records[0].doc.name : `${records.length} documents`;
    const clusterer = this.deps.clusterer ?? clusterInThread;
    // the embedded stage is on disk before clustering holds the thread: a kill during it used to
    // lose the embedding just finished (a filing killed early in its clustering was kept as
    // chunked, not embedded)
    await this.deps.store.settle?.();
    const result = await clusterer.cluster(chunks.map((c) => c.id), vectors, {
      groupId,
      ...clusteringOptions(manifest),
      layout: manifest.clustering.scope === 'document',
      signal,
      onProgress: (done, total) => onProgress?.({ stage: 'cluster', done, total, item }),
    });
    const group: ClusterGroup = { id: groupId, docIds: records.map((r) => r.doc.id), raptor: [], ...result };
    const chunkById = new Map(chunks.map((c) => [c.id, c]));
    const entries = group.clusters.map((c) => clusterEntry(c, chunkById));
    let groupVectors = await embedTexts(embedder, entries.map((e) => e.text), { signal });
    if (manifest.raptor) {
      const raptor = await buildRaptorEntries(this.deps, groupId, chunks, vectors, { signal, onProgress, lang: records[0].doc.language });
      group.raptor = raptor.nodes;
      entries.push(...raptor.entries);
      groupVectors = concatVectors(groupVectors, raptor.vectors);
    }
    // a document deleted while its clusters were made leaves nothing behind
    if (records.some((r) => !this.documents.has(r.doc.id))) return;
    await this.putGroup({ group, entries, vectors: groupVectors, preparse: [] });
  }
}
