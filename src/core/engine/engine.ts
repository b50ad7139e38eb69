/**
 * The Loci engine: one object that owns an index (through an IndexStore) and answers questions
 * over it. The CLI, the evaluation harness and the browser's engine worker all drive this class.
 */
import { assertSameEmbedder, builtByOtherEmbedder, createManifest, type ManifestSettings } from '../stored-index/manifest.ts';
import type { DocumentRecord, GroupRecord, IndexSnapshot } from '../stored-index/snapshot.ts';
import type { Damage } from '../stored-index/damage.ts';
import { setAsideDamaged } from '../stored-index/set-aside-damaged.ts';
import type { ClusterRunner, Embedder, Generator, IndexStore, ProgressListener, Reranker } from '../ports.ts';
import type { IngestOptions } from '../ingest/index.ts';
import { Indexer } from '../pipeline/indexer.ts';
import { CORPUS_GROUP_ID, documentGroupId, reached, type StageOptions } from '../pipeline/stages.ts';
import { breadthChunks } from './breadth.ts';
import type { PreparseBudget, PreparseOutcome } from '../pipeline/preparse-stage.ts';
import type { Chunk, FusionWeight, IndexManifest, PreparseMode, RetrievedChunk, Strategy } from '../types.ts';
import { LiveCorpus } from '../search/live-corpus.ts';
import { clusterMapOf, passageView, type ClusterMap, type PassageView } from './views.ts';
import { ask, retrieveForQuestion, type AskDeps, type AskEvent, type AskOptions, type RetrieveForQuestion, type Waiting, type WholeAnswer } from './ask.ts';
import { calibrateFusion } from '../search/calibrate-fusion.ts';
import { warmSearchSteps } from '../search/warm-search.ts';
import { searchesGroups } from '../search/strategy-kinds.ts';
import { BufferTally } from '../util/heap-bytes.ts';
import { indexMemory, recordsMemory, type IndexMemory } from './memory-report.ts';

/**
 * Passages offered to a question about a whole, best first: packing keeps what the answer's token
 * budget holds (about twenty 100-token chunks for Qwen2.5-0.5B's), every topic's first passage first.
 */
const BREADTH_CHUNKS = 64;

/** Share of the chunks that must have changed before the hybrid weight is calibrated again. */
const RECALIBRATE_SHARE = 0.2;

export interface EngineOptions {
  embedder: Embedder;
  generator?: Generator;
  reranker?: Reranker;
  store: IndexStore;
  /** Settings for a new index; an existing index keeps the settings it was built with. */
  settings?: Partial<ManifestSettings>;
  /**
   * An index built by another embedder cannot be searched with this one (two models' vectors never
   * share an index). Without this, opening it fails and names the embedder that built it (the CLI);
   * with it, the engine has it delete the store's records and starts a new index (a new manifest),
   * whose documents the caller indexes again from their originals (the app keeps them).
   */
  discardOtherEmbedderIndex?: () => Promise<void>;
  /** Where clustering runs (a worker of its own in the app); in the calling thread when absent. */
  clusterer?: ClusterRunner;
  /**
   * Called when a run made cluster groups, whoever asked for them (a question, the cluster map,
   * the app's idle work): the app's rows count each document's topics.
   */
  onClustersMade?: (groupIds: string[]) => void;
  /**
   * The store's records, when the caller has begun reading them already: the app starts the read
   * before its embedding model has loaded, since neither needs the other until the index opens.
   */
  stored?: Promise<IndexSnapshot | undefined>;
}

export interface IndexFilesOptions extends StageOptions {
  preparseBudget?: PreparseBudget;
  ingest?: IngestOptions;
  /** Called when one file cannot be read; the others go on. Without it the error is thrown. */
  onFileError?: (name: string, error: Error) => void;
}

export interface IndexFilesResult {
  added: DocumentRecord[];
  failed: { name: string; error: Error }[];
  /** Files whose bytes are a document already indexed under another name (its id and name): not indexed again. */
  duplicates: { name: string; sameAs: string; id: string }[];
  preparse: PreparseOutcome;
}

/** Where a document's bytes come from; read only when its parse stage is still to run. */
export type ReadOriginal = () => Promise<{ name: string; bytes: Uint8Array }>;

export interface IndexDocumentOptions {
  signal?: AbortSignal;
  onProgress?: ProgressListener;
  /** This run's chunk size; recorded on the document's job when it differs from the index's. */
  chunkTokens?: number;
  /** This run's pre-parse mode; the manifest's by default. */
  preparse?: PreparseMode;
  preparseBudget?: PreparseBudget;
  /** Called once the document is parsed, chunked and embedded, before the slower stages. */
  onEmbedded?: () => void;
  /** How the file is read: OCR for scanned pages, size limits. */
  ingest?: IngestOptions;
}

/** A chunk the index can search, with the document it came from. */
export interface ChunkWithDoc {
  chunk: Chunk;
  docName: string;
  docTitle: string;
}

export class LociEngine {
  private fusion: { weight: Promise<FusionWeight>; generation: number; chunks: number } | undefined;

  private constructor(
    private built: IndexManifest,
    private readonly options: EngineOptions,
    private readonly corpus: LiveCorpus,
    private readonly indexer: Indexer,
    /** Damage the store found on open (the damaged records are not loaded); see `damage`. */
    private found: readonly Damage[],
    /** The search corpus came from the stored image of it (IndexSnapshot.corpus), not from laying out the records. */
    readonly corpusAdopted: boolean,
    /** The embedder of the index this one replaced, when `discardOtherEmbedderIndex` was used. */
    readonly replacedEmbedder?: string,
  ) {
    // the weight stored with the index holds for the chunks it was calibrated on, as in one run
    const stored = built.fusion;
    if (stored) this.fusion = { weight: Promise.resolve(stored.weight), generation: corpus.generation, chunks: stored.chunks };
  }

  /** Opens the index in `store`, creating it when the store is empty. */
  static async open(options: EngineOptions): Promise<LociEngine> {
    let snapshot = await (options.stored ?? options.store.load());
    let replaced: string | undefined;
    if (snapshot && options.discardOtherEmbedderIndex && builtByOtherEmbedder(snapshot.manifest, options.embedder)) {
      replaced = snapshot.manifest.embedder.id;
      await options.discardOtherEmbedderIndex();
      snapshot = undefined;
    }
    // whatever leans on a damaged document is set aside with it, so nothing searched leads to it
    if (snapshot) snapshot = setAsideDamaged(snapshot);
    const manifest = snapshot?.manifest ?? createManifest(options.embedder, options.settings);
    assertSameEmbedder(manifest, options.embedder);
    if (!snapshot) await options.store.putManifest(manifest);
    const corpus = new LiveCorpus(manifest.embedder.dimension, manifest.vectorStorage);
    const indexer = new Indexer({ manifest, embedder: options.embedder, generator: options.generator, clusterer: options.clusterer, store: options.store, corpus });
    const restored = snapshot ? indexer.restore(snapshot.documents, snapshot.groups, snapshot.corpus, snapshot.since) : { corpusAdopted: false };
    // the engine keeps its options, but not the snapshot read for it (an image's corpus arrays
    // were copied or adopted; holding the snapshot would keep the copies' sources alive too)
    const { stored: _, ...kept } = options;
    return new LociEngine(manifest, kept, corpus, indexer, snapshot?.damage ?? [], restored.corpusAdopted, replaced);
  }

  /** What the index was built with, and the hybrid weight it last calibrated. */
  get manifest(): IndexManifest {
    return this.built;
  }

  /**
   * Damage found on open and not yet rebuilt: the damaged documents are not searched (the others
   * answer), and a damaged cluster group is not searched while its documents' chunks are. A
   * document or group indexed again since (repair, or the same file added again) is no longer listed.
   */
  get damage(): Damage[] {
    return this.found.filter((d) => {
      // the engine holds no originals: a damaged copy is the store's to mend, and stays listed
      if (d.kind === 'original') return true;
      return d.kind === 'document' ? !this.indexer.documents.has(d.id) : !this.indexer.groups.has(d.id);
    });
  }

  /**
   * Readies the damage touching `docId` (all damage when absent) for rebuilding: a group set
   * aside (a damaged one, or one that leans on a damaged document) is deleted from the store, to
   * be clustered (and pre-parsed) again when something next reads clusters. A damaged document
   * itself is left to be indexed again from its original (`indexDocument`, `indexFiles`), whose
   * records replace the damaged ones. Returns the damage it dealt with.
   */
  async prepareRepair(docId?: string): Promise<Damage[]> {
    const touched = this.damage.filter((d) => docId === undefined || d.docIds.includes(docId));
    for (const d of touched) {
      // a damaged document's own group was set aside with it (stored-index/set-aside-damaged.ts)
      if (d.kind === 'document') await this.options.store.deleteGroup(documentGroupId(d.id));
      if (d.kind === 'group') await this.options.store.deleteGroup(d.id);
    }
    return touched;
  }

  get documents(): DocumentRecord[] {
    return [...this.indexer.documents.values()];
  }

  /** One document as the index holds it (its stage is `job.stage`), or undefined when it holds none. */
  document(docId: string): DocumentRecord | undefined {
    return this.indexer.documents.get(docId);
  }

  /** One cluster group as the index holds it, or undefined when it holds none. */
  group(groupId: string): GroupRecord | undefined {
    return this.indexer.groups.get(groupId);
  }

  /** Entries the search runs over (chunks, pre-parsed and cluster entries). */
  get entryCount(): number {
    return this.corpus.entryCount;
  }

  /** A searchable chunk and its document's name, or undefined once that document has left the index. */
  chunk(chunkId: string): ChunkWithDoc | undefined {
    // a stored citation may name a chunk whose document has since been removed
    const chunk = this.corpus.findChunk(chunkId);
    if (!chunk) return undefined;
    const { name, title } = this.corpus.docLabel(chunk.docId);
    return { chunk, docName: name, docTitle: title };
  }

  /** The passage a citation opens, or undefined once its document has left the index. */
  passage(chunkId: string): PassageView | undefined {
    const found = this.chunk(chunkId);
    const record = found && this.indexer.documents.get(found.chunk.docId);
    return record && found ? passageView(record, found.chunk) : undefined;
  }

  /**
   * A document's cluster map, when it is clustered on its own with a layout (document scope); its
   * clusters are made first if they were not.
   */
  async clusterMap(docId: string, options: Omit<StageOptions, 'docIds'> = {}): Promise<ClusterMap | undefined> {
    if (this.manifest.clustering.scope === 'document') await this.makeClusters({ ...options, docIds: new Set([docId]) });
    const group = this.indexer.groups.get(documentGroupId(docId))?.group;
    const record = this.indexer.documents.get(docId);
    return group && record ? clusterMapOf(group, record) : undefined;
  }

  snapshot(): IndexSnapshot {
    return { manifest: this.manifest, documents: this.documents, groups: [...this.indexer.groups.values()] };
  }

  /** The snapshot with the search corpus laid out over it, for an image that opens without laying it out again. */
  imageSnapshot(): IndexSnapshot {
    const corpus = this.corpus.image();
    return { ...this.snapshot(), ...(corpus ? { corpus } : {}) };
  }

  /**
   * What the open index holds in memory, by structure, estimated from the structures' own lengths
   * (memory-report.ts); `tally` sees every buffer counted, for a caller that adds what it keeps
   * beside the engine. Reads nothing that is made when first read (records' vectors and terms).
   */
  memoryReport(tally = new BufferTally()): IndexMemory {
    // the corpus first: its views of the image's buffers are in use, the records' pending vectors only keep them
    const corpus = this.corpus.memory(tally);
    const records = recordsMemory(this.documents, [...this.indexer.groups.values()], tally);
    return indexMemory(corpus, records, tally, { entries: this.corpus.entryCount, dimension: this.manifest.embedder.dimension });
  }

  /**
   * Indexes files through every stage: each file is parsed, chunked and embedded (a bad file is
   * reported and skipped), then clustering and pre-parsing run over whatever is pending, which also
   * finishes any job an earlier run left half done.
   *
   * Where documents are clustered each on its own and no pre-parse budget is set, each file is
   * taken through every stage before the next is read, so a run that is killed leaves whole
   * documents behind rather than every document half done, whose rerun would redo clustering and
   * all pre-parsing.
   */
  async indexFiles(files: { name: string; bytes: Uint8Array }[], options: IndexFilesOptions = {}): Promise<IndexFilesResult> {
    const added: DocumentRecord[] = [];
    const failed: { name: string; error: Error }[] = [];
    const duplicates: IndexFilesResult['duplicates'] = [];
    const oneByOne = this.manifest.clustering.scope === 'document' && !options.preparseBudget;
    const finished = { done: 0, failed: 0 };
    for (const file of files) {
      try {
        const record = await this.indexer.ingestFile(file.name, file.bytes, options);
        // ids come from content, so the same bytes under a new name meet the first name's record
        if (record.doc.name !== file.name) duplicates.push({ name: file.name, sameAs: record.doc.name, id: record.doc.id });
        else added.push(record);
        if (oneByOne) {
          const outcome = await this.finishPending({ ...options, docIds: new Set([record.doc.id]) });
          finished.done += outcome.done;
          finished.failed += outcome.failed;
        }
      } catch (error) {
        if (!(error instanceof Error) || error.name === 'CancelledError' || !options.onFileError) throw error;
        failed.push({ name: file.name, error });
        options.onFileError(file.name, error);
      }
    }
    const rest = await this.finishPending(options);
    const preparse = { ...rest, done: rest.done + finished.done, failed: rest.failed + finished.failed };
    return { added, failed, duplicates, preparse };
  }

  /** Runs the stage after embedding (pre-parsing) for whatever documents have not reached it. */
  async finishPending(options: StageOptions & { preparseBudget?: PreparseBudget } = {}): Promise<PreparseOutcome> {
    return this.indexer.preparsePending({ ...options, budget: options.preparseBudget });
  }

  /**
   * Clusters the documents (of `docIds`, or all) that have no clusters yet: what a cluster
   * strategy, the cluster map and whole-document questions read. Indexing does not cluster
   * (pipeline/indexer.ts), so the first reader pays once; the groups are stored like any record.
   * Their cluster entries are searched by their text at once. An index pre-parsed by a language
   * model pre-parses them at its next `finishPending`, within that run's budget, not here: a
   * question that needs clusters waits for clustering, never for a model call per cluster.
   */
  async makeClusters(options: StageOptions = {}): Promise<void> {
    const made = await this.indexer.makeClusters(options);
    if (made.length > 0) this.options.onClustersMade?.(made);
  }

  /**
   * Takes one document through the stages it has not reached, and only it: a paused or half-read
   * document is never advanced by another one's run. `ready` is false when pre-parsing stopped at
   * the budget and another run must go on. The hybrid weight is then recalibrated if the chunks
   * changed enough, here rather than on the next question. `docId` is the SHA-256 of the bytes
   * `read` gives, the name their caller stored them under: they are not hashed again.
   */
  async indexDocument(docId: string, read: ReadOriginal, options: IndexDocumentOptions = {}): Promise<{ ready: boolean }> {
    const { signal, onProgress } = options;
    const docIds = new Set([docId]);
    const known = this.indexer.documents.get(docId);
    if (!known || !reached(known.job, 'embedded')) {
      const original = await read();
      const { chunking } = this.manifest;
      // The manifest keeps describing the index as built; a different size lives on the job.
      const tokens = options.chunkTokens;
      const override = tokens === undefined || tokens === chunking.chunkTokens ? undefined : { ...chunking, chunkTokens: tokens };
      await this.indexer.ingestFile(original.name, original.bytes, { chunking: override, signal, onProgress, ingest: options.ingest, id: docId });
      options.onEmbedded?.();
    }
    const budget = options.preparseBudget;
    const outcome = await this.indexer.preparsePending({ docIds, mode: options.preparse, budget, signal, onProgress });
    await this.fusionWeight(signal);
    return { ready: !outcome.pendingDocs.has(docId) };
  }

  /** Deletes a document; one left out as damaged is only forgotten here (the caller deletes its records from the store). */
  async removeDocument(docId: string): Promise<void> {
    await this.indexer.removeDocument(docId);
    this.found = this.found.filter((d) => !(d.kind === 'document' && d.id === docId));
  }

  /**
   * A search made and thrown away, in steps (search/warm-search.ts), for a caller that has just
   * opened the index and expects a question in a moment: the first question then finds built what
   * it would have built on its way.
   */
  warmSearchSteps(strategy: Strategy): (() => void)[] {
    return warmSearchSteps(this.corpus, strategy);
  }

  /** Retrieval only (rewriting, candidates, backtracking, rerank): what `inspect` and evaluation use. */
  async retrieve(question: string, options: AskOptions): Promise<RetrieveForQuestion> {
    await this.clustersFor(options);
    return retrieveForQuestion(this.askDeps(), question, options);
  }

  /** Retrieval, then a streamed, cited answer. */
  async *ask(question: string, options: AskOptions): AsyncGenerator<AskEvent> {
    await this.clustersFor(options);
    yield* ask(this.askDeps(), question, options);
  }

  /**
   * The passages a question about the whole of some documents is answered from (breadth.ts): each
   * document's topics in turn, up to `limit` chunks, its clusters made first if they were not.
   */
  async breadth(docIds: ReadonlySet<string>, limit: number, how: Waiting = {}): Promise<RetrievedChunk[]> {
    await this.makeClusters({ ...how, docIds });
    const pooled = this.indexer.groups.get(CORPUS_GROUP_ID)?.group;
    const documents = this.documents
      .filter((r) => docIds.has(r.doc.id) && reached(r.job, 'chunked'))
      .map((record) => ({ record, group: pooled ?? this.indexer.groups.get(documentGroupId(record.doc.id))?.group }));
    return breadthChunks(documents, limit);
  }

  /** How many clusters hold a document's chunks; undefined while its clusters are not made. */
  clusterCount(docId: string): number | undefined {
    const pooled = this.indexer.groups.get(CORPUS_GROUP_ID)?.group;
    if (pooled?.docIds.includes(docId)) return pooled.clusters.filter((c) => c.members.some((m) => this.corpus.findChunk(m.chunkId)?.docId === docId)).length;
    return this.indexer.groups.get(documentGroupId(docId))?.group.clusters.length;
  }

  /** The embedded documents whose clusters are not made yet (what `makeClusters` would make). */
  unclustered(): string[] {
    return this.indexer.unclustered();
  }

  /** A strategy that searches clusters or RAPTOR nodes finds them made (see makeClusters). */
  private async clustersFor(options: Pick<AskOptions, 'strategy' | 'signal' | 'onProgress' | 'within'>): Promise<void> {
    if (!searchesGroups(options.strategy)) return;
    const { signal, onProgress } = options;
    await this.makeClusters({ signal, onProgress, ...(options.within ? { docIds: new Set(options.within) } : {}) });
  }

  /**
   * The whole a question about a whole asks of: the scope it is asked within, else the documents
   * it names, else the library's one document; none in a library of many when it names none (a
   * summary of everything is not what "this report" means there).
   */
  private async whole(question: string, within: readonly string[] | undefined, how: Waiting): Promise<WholeAnswer | undefined> {
    const named = within ?? this.corpus.namedDocuments(question);
    const only = this.indexer.documents.size === 1 ? [...this.indexer.documents.keys()] : [];
    const ids = named.length > 0 ? named : only;
    if (ids.length === 0) return undefined;
    const chunks = await this.breadth(new Set(ids), BREADTH_CHUNKS, how);
    return { chunks, documents: ids.map((id) => this.corpus.docLabel(id).name) };
  }

  /**
   * The hybrid weight this index calibrated for itself (search/calibrate-fusion.ts). Calibrating
   * costs an embedding for every pseudo-question and its answer, so it is redone only once the chunks have changed by a fifth
   * since the last time, and a question asked while it runs waits for the same calibration. The
   * weight lives as long as the engine: the app's worker calibrates after indexing, in the
   * background; a one-shot CLI run calibrates when its first hybrid question needs it.
   */
  fusionWeight(signal?: AbortSignal): Promise<FusionWeight> {
    const { generation, chunkCount } = this.corpus;
    const last = this.fusion;
    if (last && (last.generation === generation || Math.abs(chunkCount - last.chunks) < RECALIBRATE_SHARE * last.chunks)) return last.weight;
    const calibrated = calibrateFusion(this.corpus, this.options.embedder, { seed: this.manifest.clustering.seed, signal });
    // stored before anyone waiting for it goes on: `loci index` writes its file next
    const weight = calibrated.then(async (settled) => {
      if (this.fusion === entry) await this.keepFusion({ weight: settled, chunks: chunkCount });
      return settled;
    });
    const entry = { weight, generation, chunks: chunkCount };
    this.fusion = entry;
    // a cancelled or failed calibration is not kept: the next question tries again
    weight.catch(() => {
      if (this.fusion === entry) this.fusion = last;
    });
    return weight;
  }

  /** Stores the calibrated weight with the index; a store that cannot write now keeps it for this run only. */
  private async keepFusion(fusion: NonNullable<IndexManifest['fusion']>): Promise<void> {
    this.built = { ...this.built, fusion };
    await this.options.store.putManifest(this.built).catch(() => undefined);
  }

  private askDeps(): AskDeps {
    return {
      corpus: this.corpus,
      embedder: this.options.embedder,
      generator: this.options.generator,
      reranker: this.options.reranker,
      fusionWeight: (signal) => this.fusionWeight(signal),
      whole: (question, within, how) => this.whole(question, within, how),
    };
  }
}

export type { AskEvent, AskOptions, ClusterMap, PassageView, ProgressListener };
