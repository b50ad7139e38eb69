/**
 * The data of a Loci index. Every stage reads and writes these shapes; the persistence format
 * (src/core/stored-index) serializes exactly them, and the browser store keeps exactly them.
 *
 * Ids are stable and derived from content, so indexing the same bytes twice yields the same ids
 * and a resumed job never duplicates anything.
 */

/** Detected document language. `other` means neither Chinese nor English dominates. */
export type Lang = 'zh' | 'en' | 'other';

/** Structural kinds of text a parser emits, in reading order. */
export type BlockKind = 'heading' | 'paragraph' | 'list-item' | 'table-row' | 'code';

/** One block as a parser emits it: text already normalized (see ingest/normalize). */
export interface Block {
  kind: BlockKind;
  text: string;
  /** Heading level 1..6, headings only. */
  level?: number;
  /** 1-based page number (PDF). */
  page?: number;
}

/** What a format parser returns, before the text is assembled. */
export interface ParsedDocument {
  /** Title from metadata or the first heading, if any. */
  title?: string;
  blocks: Block[];
  pageCount?: number;
  /** Pages read by OCR, with where their lines stand. */
  scanned?: ScannedPage[];
}

/**
 * A line OCR read on a scanned page, in PDF points (y up, at the line's baseline): where the page
 * view boxes a cited passage, as it does from a text PDF's own text layer.
 */
export interface ScannedLine {
  text: string;
  x0: number;
  x1: number;
  y: number;
  /** The line's height, as a font size. */
  size: number;
}

/** A page of a PDF (or an image) that was read by OCR: its lines top to bottom. */
export interface ScannedPage {
  /** 1-based. */
  page: number;
  lines: ScannedLine[];
}

/** A block placed in the assembled document text: `text.slice(start, end)` is its text. */
export interface PlacedBlock {
  kind: BlockKind;
  level?: number;
  page?: number;
  start: number;
  end: number;
}

/**
 * One entry of the document's table of contents, flat and in document order.
 * `parent` is the index of the enclosing section in the same array, -1 for top level.
 * The section covers `[start, end)` of the document text, its own heading included.
 */
export interface TocEntry {
  title: string;
  level: number;
  parent: number;
  start: number;
  end: number;
  page?: number;
}

/** A parsed, normalized document. */
export interface Doc {
  /** SHA-256 (hex) of the original bytes. */
  id: string;
  name: string;
  mime: string;
  /** Size of the original bytes. */
  size: number;
  title: string;
  language: Lang;
  /** The normalized text: blocks joined by newlines. All spans index into it. */
  text: string;
  blocks: PlacedBlock[];
  toc: TocEntry[];
  pageCount?: number;
  /** The pages that had no usable text layer and were read by OCR, with their lines' places. */
  scanned?: ScannedPage[];
  /**
   * The text encoding a text file was read in, when not UTF-8 (a GBK, Big5, Shift_JIS or
   * Windows-1252 file, or UTF-16 with a BOM): WHATWG names, e.g. 'gb18030', 'big5'.
   */
  encoding?: string;
}

/** An original chunk: the only text the answering model ever sees. */
export interface Chunk {
  /** `${docId}:${ordinal}` */
  id: string;
  docId: string;
  /** Position of the chunk in its document, 0-based; document order = ordinal order. */
  ordinal: number;
  /** Always equal to `doc.text.slice(start, end)`. */
  text: string;
  /** Titles of the enclosing sections, outermost first. */
  headingPath: string[];
  start: number;
  end: number;
  page?: number;
  pageEnd?: number;
  /** Length in tokens of the embedder that chunked it (text only, no heading path). */
  tokens: number;
}

/** A chunk's membership in a soft cluster. */
export interface Membership {
  chunkId: string;
  /** GMM posterior probability of the chunk for this cluster. */
  p: number;
}

/** A cluster chunk (paper §2.1): semantically related, possibly non-adjacent original chunks. */
export interface Cluster {
  /** `${groupId}#${index}` */
  id: string;
  /** Members in document order (doc order of the group, then chunk ordinal). */
  members: Membership[];
}

/**
 * A node of a RAPTOR tree above the leaves. Level 1 nodes summarize chunks; level L nodes
 * summarize nodes of level L-1. `leafChunkIds` are all original chunks below it, in document order.
 */
export interface RaptorNode {
  /** `${groupId}/r${level}.${index}` */
  id: string;
  level: number;
  children: string[];
  leafChunkIds: string[];
  summary: string;
}

/**
 * The chunks clustered together: one document (the app's default) or a pooled corpus
 * (evaluation). Deleting any of its documents invalidates the group.
 */
export interface ClusterGroup {
  id: string;
  docIds: string[];
  /** Number of clusters chosen by BIC, 0 when the group was too small to cluster. */
  k: number;
  /** BIC for k = 1..kMax, index 0 is k = 1. */
  bic: number[];
  clusters: Cluster[];
  raptor: RaptorNode[];
  /** 2-D UMAP layout of the group's chunks (same order as chunkIds), for the cluster map. */
  layout?: { chunkIds: string[]; xy: number[] };
}

/** What kind of retrieval target an entry is. */
export type EntryKind = 'chunk' | 'cluster' | 'query' | 'summary' | 'context' | 'raptor';

/** Pre-parsed entries come from the whole chunk or from one of its detail points. */
export type EntryLevel = 'whole' | 'point';

/** What an entry backtracks to. */
export type EntryOrigin =
  | { type: 'chunk'; id: string }
  | { type: 'cluster'; id: string }
  | { type: 'raptor'; id: string };

/** A retrieval target. Its vector lives in the vector index under the same row. */
export interface Entry {
  /** Stable: `${origin.id}|${kind}|${level}|${index}` */
  id: string;
  kind: EntryKind;
  level: EntryLevel;
  text: string;
  origin: EntryOrigin;
  /** How the entry was produced, for pre-parsed kinds. */
  producer?: 'llm' | 'extractive';
}

/**
 * A record's entries as BM25 reads them: each entry's distinct words and how often each occurs,
 * counted once when the entries are made and stored beside them, so opening an index fills the
 * posting lists without segmenting its text again (search/entry-terms.ts writes and reads them).
 *
 * `data` holds, entry after entry: the number of distinct words, then for each of them its index
 * into `words` and its count, all as unsigned LEB128 varints. A pair takes 2–4 bytes, where two
 * 32-bit arrays would take 8: what is stored beside every entry must stay small.
 */
export interface EntryTerms {
  /** Entries counted: the record's first `entries` entries, in order. */
  entries: number;
  /** Id of the last entry counted ('' for none): a record whose entries changed under it is recounted. */
  lastId: string;
  /** The distinct words of those entries, in the order first met. */
  words: string[];
  /** Which analyzer counted them (text/search-terms.ts); absent: 1, words without Chinese bigrams. */
  analyzer?: number;
  data: Uint8Array;
}

/** Outcome of pre-parsing one source (an original chunk or a cluster chunk). */
export interface PreparseRecord {
  sourceId: string;
  sourceType: 'chunk' | 'cluster';
  status: 'done' | 'failed';
  /** Why it failed, when it failed (kept so a person can see what the model did). */
  error?: string;
  entryCount: number;
}

/** Indexing stages, in order. A job records the last one completed. */
export type Stage = 'parsed' | 'chunked' | 'embedded' | 'clustered' | 'preparsed' | 'ready';

export interface JobState {
  docId: string;
  stage: Stage;
  /** How this document was chunked, when it differs from the manifest's default. */
  chunking?: { chunkTokens: number; overlapTokens: number };
  /** Pre-parse progress: sources done (or failed) out of all sources. */
  preparsed?: { done: number; total: number };
}

/** Retrieval strategies, each a subset of entry kinds searched plus the backtracking rule. */
export type Strategy = 'naive' | 'c-rag' | 'p-rag' | 'cap-rag' | 'raptor';

export const STRATEGIES: readonly Strategy[] = ['naive', 'c-rag', 'p-rag', 'cap-rag', 'raptor'];

export type PreparseMode = 'llm' | 'extractive' | 'off';

/** Which lists a query searches: the embedding, BM25 over the same entries, or both fused. */
export type Retriever = 'dense' | 'lexical' | 'hybrid';

export const RETRIEVERS: readonly Retriever[] = ['dense', 'lexical', 'hybrid'];

/**
 * How a cluster or RAPTOR hit becomes original chunks: `ranked` brings in only the members the
 * question itself finds, best first; `paper` brings in every member, as Algorithm 1 does.
 */
export type BacktrackMode = 'ranked' | 'paper';

export const BACKTRACK_MODES: readonly BacktrackMode[] = ['ranked', 'paper'];

export type VectorStorage = 'float32' | 'int8';

/** Settings an index was built with; a mismatch with the running embedder is refused. */
export interface IndexManifest {
  format: 'loci-index';
  version: number;
  /** `dtype`: the model file that embedded the index, when its adapter said (older indexes lack it). */
  embedder: { id: string; dimension: number; queryPrefix: string; passagePrefix: string; dtype?: string };
  chunking: { chunkTokens: number; overlapTokens: number };
  clustering: {
    scope: 'document' | 'corpus';
    seed: number;
    threshold: number;
    maxClusters: number;
    /** Smallest number of chunks for which clustering runs. */
    minChunks: number;
    /**
     * Stop the BIC search after this many k's without a new minimum. Absent: 10, which chose the
     * same k as the exhaustive search on HotpotQA dev and on topic data (cluster-vectors.ts);
     * Infinity fits every k in 1..min(maxClusters, n-1), as the paper does.
     */
    bicPatience?: number;
    /** Clusters larger than this are clustered again within (see clusterChunks); absent: no cap. */
    maxClusterSize?: number;
  };
  preparse: { mode: PreparseMode; generatorId?: string };
  raptor: boolean;
  vectorStorage: VectorStorage;
  /**
   * The hybrid weight the index calibrated for itself (search/calibrate-fusion.ts) over `chunks`
   * chunks with vectors, kept so that a reopened index does not calibrate again until its chunks
   * have changed by a fifth: calibrating is about a hundred embeddings, most of a one-shot `loci
   * ask`. Absent until the index first calibrated.
   */
  fusion?: { weight: FusionWeight; chunks: number };
}

/** One retrieval candidate, as the inspector shows it (paper Table 7). */
export interface TraceRow {
  rank: number;
  score: number;
  entryId: string;
  kind: EntryKind;
  level: EntryLevel;
  fromCluster: boolean;
  text: string;
  /** Original chunks this candidate added (empty when all were already held). */
  added: string[];
  /** All original chunks this candidate backtracks to. */
  backtracksTo: string[];
  /** Per-list ranks before fusion, when hybrid search was used. */
  denseRank?: number;
  lexicalRank?: number;
  /** 2 for a candidate of the second hop (a query expanded with what the first hop found). */
  hop?: number;
}

/** How a hybrid search weighed its two lists, for the inspector. */
export interface FusionWeight {
  /** Share of the dense list in the fused score, in [0, 1]; the lexical list has the rest. */
  dense: number;
  /** `calibrated`: chosen by this index from pseudo-queries; `default`: too few chunks to calibrate; `given`: set by the caller. */
  source: 'calibrated' | 'default' | 'given';
  /** Pseudo-queries the calibration used, with the mean reciprocal rank each choice reached on them. */
  calibration?: {
    queries: number;
    mrrDense: number;
    mrrLexical: number;
    mrrFused: number;
    /** MRR at each dense share tried, 0 to 1 by tenths. */
    curve?: number[];
    /** The dense share the pseudo-questions preferred, when it was above an even share and the weight was held there. */
    preferred?: number;
  };
}

/** The second hop of a question: the terms added to it from the first hop's best chunks. */
export interface SecondHop {
  query: string;
  terms: string[];
  /** The sub-questions a language model wrote for this hop, when it was asked to (possibly none usable). */
  subQuestions?: string[];
  /**
   * The documents the first hop's best passages name by their title, searched by the question among
   * their own passages (file names; none when they name none, and absent from older results).
   */
  linked?: string[];
  /** Chunks the second hop added that the first hop had not ranked within N. */
  added: string[];
}

/** A retrieved original chunk with what it needs to be shown and cited. */
export interface RetrievedChunk {
  chunk: Chunk;
  docName: string;
  docTitle: string;
  /** Best fused score of any candidate that brought it in. */
  score: number;
  /** Rank of the first candidate that brought it in (1-based). */
  firstRank: number;
  /** How it was found: its own entry, a cluster or RAPTOR node it belongs to, or the second hop. */
  via?: 'chunk' | 'cluster' | 'raptor' | 'hop';
  rerankScore?: number;
}

export interface RetrievalResult {
  /** Best first: the order in which packing takes them. */
  chunks: RetrievedChunk[];
  trace: TraceRow[];
  /** Present when the lexical and dense lists were fused. */
  fusion?: FusionWeight;
  secondHop?: SecondHop;
  /** The file names of the documents the question named, also searched on their own (search/document-names.ts). */
  namedDocuments?: string[];
  /**
   * Present when the question asked about a whole and was answered from its breadth (each topic's
   * passages, engine/breadth.ts) instead of a search: the file names of the documents it covers.
   */
  breadth?: { documents: string[] };
  /** Present when the question asked when (query/answer-type.ts): how many candidates stating a date moved ahead of one that states none. */
  dates?: { moved: number };
  /** Present when the question named a year (query/named-year.ts): the years, and how many candidates stating them moved ahead of one that does not. */
  year?: { years: string[]; moved: number };
}

/** A packed source, numbered as the answer cites it. */
export interface Source {
  n: number;
  label: string;
  chunk: Chunk;
  docName: string;
  docTitle: string;
  /** A stored citation whose passage has left the library (its document was deleted or replaced): only its label is left. */
  gone?: true;
}
