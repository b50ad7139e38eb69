import type { DocumentRecord, GroupRecord, IndexSnapshot } from './stored-index/snapshot.ts';
import type { ClusterGroup, IndexManifest } from './types.ts';
import type { ClusterOptions } from './cluster/cluster-chunks.ts';

/**
 * The only doors out of `src/core`. Adapters in `src/models` (transformers.js, web-llm) and
 * `src/browser-storage` (IndexedDB, files) implement them; tests may implement them with doubles.
 */

/** Whether a text is embedded as a question or as a passage (prefix models such as e5 differ). */
export type EmbedRole = 'query' | 'passage';

export interface Embedder {
  /** Registry id of the model, recorded in the index manifest. */
  readonly id: string;
  readonly dimension: number;
  /** Longest input the model takes, in its own tokens. */
  readonly maxTokens: number;
  readonly queryPrefix: string;
  readonly passagePrefix: string;
  /**
   * The model file it runs (a transformers.js dtype: q8, fp32…), when the adapter knows it: recorded
   * in the index manifest to say what built the vectors, never compared (q8 and fp32 vectors of one
   * model are close enough to share an index).
   */
  readonly dtype?: string;
  /**
   * Unit-length vectors, one per text, prefix for `role` applied by the adapter.
   * Texts longer than `maxTokens` are truncated by the adapter.
   */
  embed(texts: string[], role: EmbedRole, signal?: AbortSignal): Promise<Float32Array[]>;
  /** Token counts in the model's own tokenizer, without special tokens. */
  countTokens(texts: string[]): Promise<number[]>;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A JSON schema as plain data (passed to constrained decoding where the backend has it). */
export type JsonSchema = { [key: string]: unknown };

export interface GenerateOptions {
  maxTokens?: number;
  temperature?: number;
  topP?: number;
  /** Ask for JSON matching this schema; backends without constrained decoding may ignore it. */
  jsonSchema?: JsonSchema;
  signal?: AbortSignal;
  /** Seed for sampling, where the backend supports it. */
  seed?: number;
}

export interface Generator {
  readonly id: string;
  /** Context window in tokens (prompt + answer). */
  readonly contextTokens: number;
  /**
   * Streams the assistant's reply as text pieces. Aborting the signal ends the stream early
   * (the iterator returns; it does not throw), so a caller keeps what was generated.
   */
  stream(messages: ChatMessage[], options?: GenerateOptions): AsyncIterable<string>;
  /** Token count of a text in the generator's tokenizer (for context packing). */
  countTokens(text: string): Promise<number>;
}

export interface Reranker {
  readonly id: string;
  /** One relevance score per passage (raw logits: higher is more relevant). */
  score(query: string, passages: string[], signal?: AbortSignal): Promise<number[]>;
}

/**
 * The indexing stages that report progress, in the order they run. `ocr` runs inside reading, for
 * the pages of a PDF that have no usable text layer: its `done` and `total` count pages.
 */
export const PROGRESS_STAGES = ['parse', 'ocr', 'embed', 'cluster', 'raptor', 'preparse'] as const;
export type ProgressStage = (typeof PROGRESS_STAGES)[number];

/** Progress of long work, reported often enough to drive a progress bar and an ETA. */
export interface Progress {
  stage: ProgressStage;
  done: number;
  total: number;
  /** Document or item the stage is working on. */
  item?: string;
}

export type ProgressListener = (progress: Progress) => void;

/** What clustering one group gives: its clusters, the k the BIC search chose, the map's layout. */
export type ClusterResult = Pick<ClusterGroup, 'k' | 'bic' | 'clusters' | 'layout'>;

/**
 * Where a group's clustering runs (cluster/cluster-chunks.ts): seconds of uninterrupted CPU for a
 * long document (UMAP, the BIC search, EM), during which the thread it runs on answers nothing. The
 * app's engine worker hands it to a worker of its own so questions are answered meanwhile; the CLI
 * and tests run it in place (cluster/in-thread.ts). Same input, same result, wherever it runs.
 */
export interface ClusterRunner {
  cluster(chunkIds: readonly string[], vectors: readonly Float32Array[], options: ClusterOptions): Promise<ClusterResult>;
}

/**
 * Persistence of an index, in per-document pieces so documents can be added and deleted without
 * rewriting everything. The CLI implements it over one file, the app over IndexedDB.
 * Each call is atomic: after a crash a store holds either the old or the new record, never half,
 * and the indexer writes a record after every stage so an interrupted job resumes where it was.
 */
export interface IndexStore {
  /** Everything stored, or undefined when the store is empty. */
  load(): Promise<IndexSnapshot | undefined>;
  putManifest(manifest: IndexManifest): Promise<void>;
  putDocument(record: DocumentRecord): Promise<void>;
  deleteDocument(docId: string): Promise<void>;
  putGroup(record: GroupRecord): Promise<void>;
  deleteGroup(groupId: string): Promise<void>;
  /**
   * Makes durable now whatever a store holds back to space its writes. Called before work that
   * holds the thread (clustering in the same thread), during which a write put off to a timer
   * cannot happen; a store that writes as it is given records needs none.
   */
  settle?(): Promise<void>;
}

/** An image as RGBA pixels, row by row from the top left (what a canvas's getImageData gives). */
export interface RgbaImage {
  width: number;
  height: number;
  /** width × height × 4 bytes. */
  data: Uint8ClampedArray | Uint8Array;
}

/** One line of text an OCR model read, with where it stands in the image. */
export interface OcrLine {
  text: string;
  /** [x0, y0, x1, y1] in image pixels, y growing downwards. */
  box: [number, number, number, number];
  /** The model's confidence in the text, 0–1. */
  confidence: number;
  /** Slope of the line's baseline in radians (positive: rising to the right), when the detector measures it. */
  angle?: number;
}

/** Reads the text of an image: detection and recognition of text lines (OCR). */
export interface Ocr {
  /** The models' name, recorded with the pages they read. */
  readonly id: string;
  /** Lines in any order; the caller puts them in reading order. */
  recognize(image: RgbaImage, signal?: AbortSignal): Promise<OcrLine[]>;
}

/**
 * Decodes an image file (PNG, JPEG, WebP) to RGBA, outside core: a canvas in Node,
 * createImageBitmap on OffscreenCanvas in a browser worker.
 */
export interface ImageDecoder {
  /**
   * The image drawn at `width` × `height`: its own size, or smaller (a large photo is scaled down
   * before OCR, so its pixels are never all in memory at once). Rejects when the bytes do not decode.
   */
  decode(bytes: Uint8Array, width: number, height: number): Promise<RgbaImage>;
}

/** A drawn PDF page. */
export interface RenderedPage extends RgbaImage {
  /** Pixels per PDF point drawn at: the one asked for, or less for a page too large to draw so. */
  scale: number;
}

/** A PDF opened for drawing its pages, so pages without text can be OCR'd. */
export interface RenderablePdf {
  readonly pageCount: number;
  /** Page `page` (1-based) drawn at `scale` pixels per PDF point, on white. */
  render(page: number, scale: number): Promise<RenderedPage>;
  close(): Promise<void>;
}

/** Opens PDFs for drawing (pdf.js and a canvas, outside core). */
export interface PdfRenderer {
  open(bytes: Uint8Array): Promise<RenderablePdf>;
}
