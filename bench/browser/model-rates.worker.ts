/// <reference lib="webworker" />
/**
 * A worker of the models benchmark (bench/models/run.ts): the production embedder and reranker
 * adapters on onnxruntime-web, configured as the embed worker configures them, with the thread
 * count the driver asks for (fixed once per worker by ORT, hence one worker per count).
 */
import { expose } from 'comlink';
import { configureOnnxRuntime, configureSource } from '../../workers/shared/transformers-env.ts';
import { createTransformersEmbedder, type TransformersEmbedder } from '../../src/models/transformers-embedder.ts';
import { createTransformersReranker, type TransformersReranker } from '../../src/models/transformers-reranker.ts';
import type { ModelDtype } from '../../src/models/registry.ts';

export interface ModelRatesWorker {
  /** Loads an embedder (and a reranker when given), on `threads` or ORT's default; resolves with the ms it took. */
  load(options: { threads?: number; device: 'wasm' | 'webgpu'; embedder: string; dtype?: ModelDtype; reranker?: string }): Promise<number>;
  /**
   * Embeds `texts` in calls of `batch` texts, as the indexer does, each run whole or in slices of at
   * most `sliceChars` characters (a trial: the app runs whole batches); resolves with the ms it took.
   */
  embed(texts: string[], batch: number, sliceChars?: number): Promise<number>;
  /** Scores each passage against the query; resolves with the ms it took. */
  score(query: string, passages: string[]): Promise<number>;
}

let embedder: TransformersEmbedder | undefined;
let reranker: TransformersReranker | undefined;

const api: ModelRatesWorker = {
  async load({ threads, device, embedder: id, dtype, reranker: rerankerId }) {
    const t0 = performance.now();
    configureOnnxRuntime(threads === undefined ? {} : { threads });
    configureSource({ kind: 'local' });
    embedder = await createTransformersEmbedder(id, { device, ...(dtype ? { dtype } : {}) });
    if (rerankerId) reranker = await createTransformersReranker(rerankerId, { device });
    return performance.now() - t0;
  },
  async embed(texts, batch, sliceChars) {
    const model = embedder;
    if (!model) throw new Error('no embedder loaded');
    const t0 = performance.now();
    for (let i = 0; i < texts.length; i += batch) {
      const calls = texts.slice(i, i + batch);
      // slices of about `sliceChars` characters, each a call of its own (the whole batch when not given)
      for (let j = 0; j < calls.length; ) {
        let end = j + 1;
        let chars = calls[j].length;
        while (end < calls.length && chars + calls[end].length <= (sliceChars ?? Infinity)) chars += calls[end++].length;
        await model.embed(calls.slice(j, end), 'passage');
        j = end;
      }
    }
    return performance.now() - t0;
  },
  async score(query, passages) {
    if (!reranker) throw new Error('no reranker loaded');
    const t0 = performance.now();
    await reranker.score(query, passages);
    return performance.now() - t0;
  },
};

expose(api);
