/// <reference lib="webworker" />
/**
 * A worker of the models benchmark (bench/models/run.ts): the production embedder and reranker
 * adapters on onnxruntime-web, configured and queued as the embed worker does, or with the thread
 * count the driver asks for (fixed once per worker by ORT, hence one worker per count).
 */
import { expose } from 'comlink';
import { configureOnnxRuntime, configureSource } from '../../workers/shared/transformers-env.ts';
import { createTransformersEmbedder, type TransformersEmbedder } from '../../src/models/transformers-embedder.ts';
import { createTransformersReranker, type TransformersReranker } from '../../src/models/transformers-reranker.ts';
import type { ModelDtype } from '../../src/models/registry.ts';
import { createTransformersGenerator, type TransformersGenerator } from '../../src/models/transformers-generator.ts';
import type { ChatMessage } from '../../src/core/ports.ts';
import { timeGeneration, type GenerationTiming } from '../models/generation.ts';
import { InferenceQueue } from '../../workers/embed/inference-queue.ts';

export interface ModelRatesWorker {
  /** Loads an embedder (and a reranker when given), on `threads` or the embed worker's own count; resolves with the ms it took. */
  load(options: { threads?: number; device: 'wasm' | 'webgpu'; embedder: string; dtype?: ModelDtype; reranker?: string }): Promise<number>;
  /**
   * Embeds `texts` in calls of `batch` texts, as the indexer does, each through the embed worker's
   * queue (its slices of about half a second); resolves with the ms it took.
   */
  embed(texts: string[], batch: number): Promise<number>;
  /** Scores each passage against the query; resolves with the ms it took. */
  score(query: string, passages: string[]): Promise<number>;
  /** Loads a generator on WebAssembly on `threads` or the LLM worker's own count; resolves with the ms it took. */
  loadGenerator(options: { threads?: number; generator: string }): Promise<number>;
  /** A first answer's prefill and decode, timed (generation.ts). */
  generate(prompt: ChatMessage[], question: ChatMessage[], maxTokens: number): Promise<GenerationTiming>;
}

let embedder: TransformersEmbedder | undefined;
let reranker: TransformersReranker | undefined;
let generator: TransformersGenerator | undefined;
const queue = new InferenceQueue();

const api: ModelRatesWorker = {
  async load({ threads, device, embedder: id, dtype, reranker: rerankerId }) {
    const t0 = performance.now();
    configureOnnxRuntime(threads === undefined ? {} : { threads });
    configureSource({ kind: 'local' });
    embedder = await createTransformersEmbedder(id, { device, ...(dtype ? { dtype } : {}) });
    if (rerankerId) reranker = await createTransformersReranker(rerankerId, { device });
    return performance.now() - t0;
  },
  async embed(texts, batch) {
    const model = embedder;
    if (!model) throw new Error('no embedder loaded');
    const t0 = performance.now();
    for (let i = 0; i < texts.length; i += batch) await queue.passages(texts.slice(i, i + batch), (slice) => model.embed(slice, 'passage'));
    return performance.now() - t0;
  },
  async score(query, passages) {
    if (!reranker) throw new Error('no reranker loaded');
    const t0 = performance.now();
    await reranker.score(query, passages);
    return performance.now() - t0;
  },
  async loadGenerator({ threads, generator: id }) {
    const t0 = performance.now();
    configureOnnxRuntime(threads === undefined ? {} : { threads });
    configureSource({ kind: 'local' });
    generator = await createTransformersGenerator(id, { device: 'wasm' });
    return performance.now() - t0;
  },
  async generate(prompt, question, maxTokens) {
    if (!generator) throw new Error('no generator loaded');
    return timeGeneration(generator, prompt, question, maxTokens);
  },
};

expose(api);
