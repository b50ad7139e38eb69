/**
 * What the workers expose over comlink. The main thread talks to the engine worker only; the
 * engine worker reaches the embed and LLM workers through MessagePorts the main thread handed it,
 * and starts the cluster worker itself. Everything crossing these interfaces is structured-clone
 * data or a comlink proxy.
 */
import type { ChatMessage, ClusterResult, EmbedRole, GenerateOptions, OcrLine, RgbaImage } from '../core/ports.ts';
import type { ClusterOptions } from '../core/cluster/cluster-chunks.ts';
import type { DeviceReport, GeneratorBackend } from '../models/device.ts';
import type { AppSettings, DownloadProgress, LibraryEvent, LociClient } from './api.ts';

/** How the page asked to run, read from its URL (see src/client/url-options.ts). */
export interface LaunchOptions {
  /** `?models=local`: the site's own /models/ folder with the tiny models. */
  localModels: boolean;
  /**
   * `auto`: WebGPU on a real GPU only; `webgpu`: also on a software adapter (SwiftShader, tests);
   * `wasm`: never.
   */
  device: 'auto' | 'webgpu' | 'wasm';
  /** `&embedder=ID` beside `models=local`: that embedder from the site's folder instead of the tiny one. */
  localEmbedder?: string;
  /**
   * `&quiet=MS` beside `models=local`: how long the library must have been quiet before its idle
   * work (finding topics, saving the open image, checking the records behind an image-opened
   * library) starts, instead of the few seconds a person's drops need. The browser tests shorten
   * it, so they do not wait those seconds out.
   */
  quietMs?: number;
  /**
   * `&reply=N` beside `models=local`: the most tokens any reply of the chat model may have. The
   * tiny random chat model never stops by itself, so each of its replies runs to its limit (512
   * tokens for an answer); browser tests that only need an answer to come cap it.
   */
  replyTokens?: number;
}

export type ModelSourceSetting = AppSettings['modelSource'];

export interface ModelLoadRequest {
  modelId: string;
  source: ModelSourceSetting;
  device: LaunchOptions['device'];
}

export type ProgressCallback = (progress: DownloadProgress) => void;

export interface LoadedEmbedder {
  id: string;
  dimension: number;
  maxTokens: number;
  queryPrefix: string;
  passagePrefix: string;
  /** The model file loaded (q8, fp32…), recorded in the index manifest. */
  dtype?: string;
  /** Where it actually runs (a failed WebGPU load falls back to WASM). */
  device: 'webgpu' | 'wasm';
  report: DeviceReport;
}

/**
 * Calls that run a model name it by the id its load returned: a call meant for a model that has
 * been replaced since is refused instead of running on the new one.
 */
export interface EmbedApi {
  /** Where `load` would run the embedder on this device, without loading anything. */
  probe(request: ModelLoadRequest): Promise<DeviceReport>;
  load(request: ModelLoadRequest, onProgress?: ProgressCallback): Promise<LoadedEmbedder>;
  embed(modelId: string, texts: string[], role: EmbedRole): Promise<Float32Array[]>;
  countTokens(modelId: string, texts: string[]): Promise<number[]>;
  loadReranker(request: ModelLoadRequest, onProgress?: ProgressCallback): Promise<{ id: string }>;
  score(modelId: string, query: string, passages: string[]): Promise<number[]>;
}

/** The OCR worker (started by the engine worker): one page image in, the lines read on it out. */
export interface OcrApi {
  /** `device`: the launch's say on WebGPU, which the worker's first page decides its runtime by. */
  recognize(image: RgbaImage, device: LaunchOptions['device']): Promise<OcrLine[]>;
  /** Where the models run, once the first page has loaded them. */
  provider(): Promise<OcrRuntime | undefined>;
}

export interface OcrRuntime {
  provider: 'webgpu' | 'wasm';
  /** Why the providers tried before it could not load the models, one sentence each. */
  failures: string[];
}

/** The cluster worker: one group's clustering, its vectors as one row-major array. */
export interface ClusterApi {
  cluster(
    chunkIds: string[],
    vectors: Float32Array,
    dimension: number,
    options: Omit<ClusterOptions, 'signal' | 'onProgress'>,
    onProgress: (done: number, total: number) => void,
  ): Promise<ClusterResult>;
}

export interface GeneratorPlan {
  backend: GeneratorBackend;
  reasons: string[];
}

export interface LoadedGenerator extends GeneratorPlan {
  id: string;
  contextTokens: number;
}

/** GenerateOptions without the signal, which cannot cross a thread: `cancel(requestId)` replaces it. */
export type WireGenerateOptions = Omit<GenerateOptions, 'signal'>;

/** Like EmbedApi, calls name their model: here by the `modelId` of the load request. */
export interface LlmApi {
  /** Which backend `load` would pick for this model on this device, without loading anything. */
  plan(request: ModelLoadRequest): Promise<GeneratorPlan>;
  load(request: ModelLoadRequest, onProgress?: ProgressCallback): Promise<LoadedGenerator>;
  /** Streams the reply through `onPiece`; resolves once every piece has been delivered. */
  generate(
    requestId: number,
    modelId: string,
    messages: ChatMessage[],
    options: WireGenerateOptions,
    onPiece: (text: string) => void,
  ): Promise<void>;
  cancel(requestId: number): void;
  /**
   * Tokens of `text` as the model counts them: by the model when it is loaded, else by its
   * tokenizer alone (fetched from the request's source), so a question's sources are packed
   * without waiting for the weights.
   */
  countTokens(request: ModelLoadRequest, text: string): Promise<number>;
}

export interface EngineStartRequest {
  launch: LaunchOptions;
  embedPort: MessagePort;
  llmPort: MessagePort;
  /** The site's library manifest's address (workers/engine/site-embedder.ts): a worker cannot tell the page's folder. */
  siteManifest?: string;
}

/** The LociClient surface the engine worker implements (events travel through `start`'s listener). */
export type EngineApi = Omit<LociClient, 'start' | 'onEvent'> & {
  start(request: EngineStartRequest, listener: (event: LibraryEvent) => void): ReturnType<LociClient['start']>;
};

/** The one message the embed and LLM workers wait for: the port their caller talks on. */
export interface ConnectMessage {
  type: 'loci-connect';
  port: MessagePort;
}
