/**
 * The embed worker's service: one transformers.js embedder (and, when asked for, a cross-encoder
 * reranker) on WebGPU when the device probe allows it, else on WebAssembly.
 */
import { transfer } from 'comlink';
import type { EmbedRole } from '../../src/core/ports.ts';
import { probeDevice, type DeviceReport } from '../../src/models/device.ts';
import type { Embedder } from '../../src/core/ports.ts';
import { findModel } from '../../src/models/registry.ts';
import type { TransformersReranker } from '../../src/models/transformers-reranker.ts';
import type { EmbedApi, LoadedEmbedder, ModelLoadRequest, ProgressCallback } from '../../src/protocol/workers.ts';
import { post, release } from '../shared/callbacks.ts';
import { downloadMeter } from '../shared/download-meter.ts';
import { ModelSlot } from '../shared/model-slot.ts';
import { transformersCode } from '../shared/transformers-code.ts';
import { InferenceQueue } from './inference-queue.ts';

const dispose = (model: { dispose(): Promise<void> }) => model.dispose();

type LoadableEmbedder = Embedder & { dispose(): Promise<void> };

export class EmbedService implements EmbedApi {
  private readonly embedders = new ModelSlot<LoadableEmbedder>('embedder', dispose);
  private readonly rerankers = new ModelSlot<TransformersReranker>('reranker', dispose);
  private device: 'webgpu' | 'wasm' = 'wasm';
  private shaderF16 = false;
  /** Inference, one run at a time, a question's before indexing's (inference-queue.ts). */
  private readonly queue = new InferenceQueue();

  probe(request: ModelLoadRequest): Promise<DeviceReport> {
    return probeDevice(navigator, {
      allowFallbackAdapter: request.device === 'webgpu',
      forceWasm: request.device === 'wasm',
    });
  }

  async load(request: ModelLoadRequest, onProgress?: ProgressCallback): Promise<LoadedEmbedder> {
    try {
      const { model: embedder, device, report } = await this.embedders.load(async () => {
        if (findModel(request.modelId)?.runtime === 'use-lite') return this.createUseLite(request, onProgress);
        const { configureOnnxRuntime, configureSource, createTransformersEmbedder } = await transformersCode();
        configureOnnxRuntime();
        configureSource(request.source);
        const report = await this.probe(request);
        const meter = downloadMeter(request.modelId, (p) => void post(onProgress, p));
        const create = async (device: 'webgpu' | 'wasm') => {
          const model = await createTransformersEmbedder(request.modelId, { device, shaderF16: report.shaderF16, onProgress: meter });
          return { id: model.id, model, device, report: { ...report, embedderDevice: device } };
        };
        try {
          return await create(report.embedderDevice);
        } catch (error) {
          if (report.embedderDevice !== 'webgpu') throw error;
          // A GPU that cannot run the model is no reason to stop: WebAssembly runs everything.
          report.reasons.push(`Embeddings could not start on WebGPU (${message(error)}); they run on WebAssembly.`);
          return await create('wasm');
        }
      });
      this.device = device;
      this.shaderF16 = report.shaderF16;
      return {
        id: embedder.id,
        dimension: embedder.dimension,
        maxTokens: embedder.maxTokens,
        queryPrefix: embedder.queryPrefix,
        passagePrefix: embedder.passagePrefix,
        ...(embedder.dtype ? { dtype: embedder.dtype } : {}),
        device,
        report,
      };
    } finally {
      release(onProgress);
    }
  }

  /** USE-Lite runs on TF.js's WebAssembly backend whatever the device: it has no WebGPU path here. */
  private async createUseLite(request: ModelLoadRequest, onProgress?: ProgressCallback) {
    const [{ createBrowserUseLite }, report] = await Promise.all([import('./use-lite-browser.ts'), this.probe(request)]);
    const model = await createBrowserUseLite(downloadMeter(request.modelId, (p) => void post(onProgress, p)));
    return { id: model.id, model, device: 'wasm' as const, report: { ...report, embedderDevice: 'wasm' as const } };
  }

  async embed(modelId: string, texts: string[], role: EmbedRole): Promise<Float32Array[]> {
    const vectors = await this.embedders.use(modelId, (embedder) =>
      role === 'query' ? this.queue.forQuestion(() => embedder.embed(texts, role)) : this.queue.passages(texts, (slice) => embedder.embed(slice, role)),
    );
    // Distinct buffers only: a buffer listed twice makes postMessage throw.
    return transfer(vectors, [...new Set(vectors.map((v) => v.buffer as ArrayBuffer))]);
  }

  countTokens(modelId: string, texts: string[]): Promise<number[]> {
    return this.embedders.use(modelId, (embedder) => embedder.countTokens(texts));
  }

  async loadReranker(request: ModelLoadRequest, onProgress?: ProgressCallback): Promise<{ id: string }> {
    try {
      const { model: reranker } = await this.rerankers.load(async () => {
        const { configureOnnxRuntime, configureSource, createTransformersReranker } = await transformersCode();
        configureOnnxRuntime();
        configureSource(request.source);
        const meter = downloadMeter(request.modelId, (p) => void post(onProgress, p));
        const model = await createTransformersReranker(request.modelId, { device: this.device, shaderF16: this.shaderF16, onProgress: meter });
        return { id: model.id, model };
      });
      return { id: reranker.id };
    } finally {
      release(onProgress);
    }
  }

  score(modelId: string, query: string, passages: string[]): Promise<number[]> {
    return this.rerankers.use(modelId, (reranker) => this.queue.forQuestion(() => reranker.score(query, passages)));
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
