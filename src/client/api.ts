/**
 * The contract between the Svelte UI (main thread) and the engine worker. The UI only ever talks
 * to a `LociClient`; `src/client/worker-client.ts` implements it over comlink, and UI tests may
 * implement it with a double. Everything crossing it is structured-clone data.
 */
import type { AskOptions } from '../core/engine/ask.ts';
import type { ProgressStage } from '../core/ports.ts';
import type { BacktrackMode, Chunk, FusionWeight, Lang, PlacedBlock, Retriever, SecondHop, Source, Stage, Strategy, TraceRow, TocEntry } from '../core/types.ts';

export type DocStatus = 'queued' | 'indexing' | 'ready' | 'error' | 'paused';

/** One row of the library. */
export interface LibraryDoc {
  id: string;
  name: string;
  mime: string;
  size: number;
  language: Lang;
  added: number;
  status: DocStatus;
  /** Last stage completed. */
  stage?: Stage;
  /** Work under way: stage name, counts, and an ETA in seconds when it can be estimated. */
  progress?: { stage: ProgressStage; done: number; total: number; etaSeconds?: number };
  /** Plain-words reason, for status 'error' (names the file). */
  error?: string;
  chunks: number;
  pageCount?: number;
}

/** Settings a person can change; persisted in the store. */
export interface AppSettings {
  strategy: Strategy;
  /** Search by meaning (dense), keywords (lexical) or both fused (hybrid). */
  retriever: Retriever;
  /** What a cluster or RAPTOR hit brings in: the members the question finds, or all (the paper). */
  backtrack: BacktrackMode;
  /** 2: search again with what the first search found, for questions that connect two facts. */
  hops: 1 | 2;
  /** With two hops: the language model writes the second hop's sub-questions (a generation before each answer). */
  subQuestions: boolean;
  rerank: boolean;
  n: number;
  m?: number;
  chunkTokens: number;
  preparse: 'llm' | 'extractive' | 'off';
  /** Max chunks pre-parsed per indexing run; the rest continues in the background later. */
  preparseBudget: number;
  embedderId: string;
  generatorId: string;
  rerankerId?: string;
  /** UI language; 'auto' follows the browser. */
  uiLanguage: 'auto' | 'en' | 'zh';
  /** Where models come from. */
  modelSource: { kind: 'hub' } | { kind: 'mirror'; baseUrl: string } | { kind: 'local' };
}

/** What the device can run, in plain words (from src/models/device.ts). */
export interface DeviceSummary {
  webgpu: boolean;
  shaderF16: boolean;
  fallbackAdapter: boolean;
  embedderDevice: 'webgpu' | 'wasm';
  generatorBackend: string;
  reasons: string[];
}

/** Model download progress, for the first-use dialog. */
export interface DownloadProgress {
  model: string;
  file: string;
  loaded: number;
  total: number;
  /** Bytes per second over the last seconds, for the ETA. */
  rate?: number;
  done: boolean;
}

export interface CachedModel {
  id: string;
  bytes: number;
  /** Some of its files were cached without their size: `bytes` counts only the others. */
  approximate?: boolean;
}

export type LibraryEvent =
  | { type: 'documents'; documents: LibraryDoc[] }
  | { type: 'download'; progress: DownloadProgress }
  | { type: 'error'; message: string };

export type AskStreamEvent =
  | { type: 'rewritten'; question: string }
  | ({ type: 'sources'; sources: Source[]; trace: TraceRow[] } & TurnRetrieval)
  | { type: 'token'; text: string }
  | { type: 'done'; answer: string; cited: number[]; notFound: boolean; aborted: boolean }
  | { type: 'error'; message: string };

/** How a turn's passages were searched for, beyond its trace: shown by the inspector, stored with the turn. */
export interface TurnRetrieval {
  /** The search mode the question ran with (absent on turns stored before it was recorded). */
  retriever?: Retriever;
  /** How a hybrid search weighed meaning against keywords. */
  fusion?: FusionWeight;
  /** The second search, when the question took two hops. */
  secondHop?: SecondHop;
}

export interface ChatTurn extends TurnRetrieval {
  id: string;
  question: string;
  /** The answer; for a turn that failed, what was generated before the failure. */
  answer: string;
  /** Why the answer failed, for a turn stored after a failure. */
  error?: string;
  sources: Source[];
  trace: TraceRow[];
  cited: number[];
  strategy: Strategy;
  created: number;
}

/** The passage a citation opens: the document's text around the chunk, and where to highlight. */
export interface Passage {
  docId: string;
  docName: string;
  mime: string;
  chunk: Chunk;
  text: string;
  blocks: PlacedBlock[];
  toc: TocEntry[];
  /** For PDFs, the original bytes so the viewer can render the page. */
  original?: ArrayBuffer;
}

/** The cluster map of one document: its chunks on a 2-D UMAP, coloured by their strongest cluster. */
export interface ClusterMap {
  docId: string;
  points: { chunkId: string; x: number; y: number; cluster: number; text: string }[];
  clusters: number;
}

export interface LociClient {
  /** Loads settings, opens the store, resumes unfinished jobs. */
  start(): Promise<{ settings: AppSettings; device: DeviceSummary }>;
  onEvent(listener: (event: LibraryEvent) => void): () => void;

  addFiles(files: File[]): Promise<void>;
  pause(docId: string): Promise<void>;
  resume(docId: string): Promise<void>;
  cancel(docId: string): Promise<void>;
  remove(docId: string): Promise<void>;
  documents(): Promise<LibraryDoc[]>;

  ask(question: string, options: Partial<AskOptions> & { chatId: string }, onEvent: (e: AskStreamEvent) => void): Promise<void>;
  stop(): Promise<void>;
  history(chatId: string): Promise<ChatTurn[]>;
  clearHistory(chatId: string): Promise<void>;

  passage(chunkId: string): Promise<Passage>;
  clusterMap(docId: string): Promise<ClusterMap | undefined>;

  settings(): Promise<AppSettings>;
  updateSettings(patch: Partial<AppSettings>): Promise<AppSettings>;
  cachedModels(): Promise<CachedModel[]>;
  deleteCachedModel(id: string): Promise<void>;
  storage(): Promise<{ usage: number; quota: number; persisted: boolean; message?: string }>;
  exportLibrary(): Promise<Blob>;
  importLibrary(file: File): Promise<void>;
}
