import type { DocumentRecord, GroupRecord, IndexSnapshot } from './persist/snapshot.ts';
import type { IndexManifest } from './types.ts';

/**
 * The only doors out of `src/core`. Adapters in `src/models` (transformers.js, web-llm) and
 * `src/storage` (IndexedDB, files) implement them; tests may implement them with doubles.
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

/** The indexing stages that report progress, in the order they run. */
export const PROGRESS_STAGES = ['parse', 'embed', 'cluster', 'raptor', 'preparse'] as const;
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
}
