/**
 * The embed worker's service: one transformers.js embedder (and, when asked for, a cross-encoder
 * reranker) on WebGPU when the device probe allows it, else on WebAssembly.
 */
import { transfer } from 'comlink';
import type { EmbedRole } from '../../src/core/ports.ts';
import { probeDevice, type DeviceReport } from '../../src/models/device.ts';
import { createTransformersEmbedder, type TransformersEmbedder } from '../../src/models/transformers-embedder.ts';
import { createTransformersReranker, type TransformersReranker } from '../../src/models/transformers-reranker.ts';
import type { EmbedApi, LoadedEmbedder, ModelLoadRequest, ProgressCallback } from '../protocol.ts';
import { post, release } from '../shared/callbacks.ts';
import { downloadMeter } from '../shared/download-meter.ts';
import { Serial } from '../shared/serial.ts';
import { configureOnnxRuntime, configureSource } from '../shared/transformers-env.ts';

export class EmbedService implements EmbedApi {
  private embedder: TransformersEmbedder | undefined;
  private reranker: TransformersReranker | undefined;
  private device: 'webgpu' | 'wasm' = 'wasm';
  private readonly serial = new Serial();

  async load(request: ModelLoadRequest, onProgress?: ProgressCallback): Promise<LoadedEmbedder> {
    try {
      configureOnnxRuntime();
      configureSource(request.source);
      const report = await probe(request);
      const meter = downloadMeter(request.modelId, (p) => void post(onProgress, p));
      let device = report.embedderDevice;
      let embedder: TransformersEmbedder;
      try {
        embedder = await createTransformersEmbedder(request.modelId, { device, onProgress: meter });
      } catch (error) {
        if (device !== 'webgpu') throw error;
        // A GPU that cannot run the model is no reason to stop: WebAssembly runs everything.
        report.reasons.push(`Embeddings could not start on WebGPU (${message(error)}); they run on WebAssembly.`);
        device = 'wasm';
        embedder = await createTransformersEmbedder(request.modelId, { device, onProgress: meter });
      }
      await this.embedder?.dispose();
      this.embedder = embedder;
      this.device = device;
      return {
        id: embedder.id,
        dimension: embedder.dimension,
        maxTokens: embedder.maxTokens,
        queryPrefix: embedder.queryPrefix,
        passagePrefix: embedder.passagePrefix,
        device,
        report: { ...report, embedderDevice: device },
      };
    } finally {
      release(onProgress);
    }
  }

  async embed(texts: string[], role: EmbedRole): Promise<Float32Array[]> {
    const embedder = this.need(this.embedder, 'embedder');
    const vectors = await this.serial.run(() => embedder.embed(texts, role));
    // Distinct buffers only: a buffer listed twice makes postMessage throw.
    return transfer(vectors, [...new Set(vectors.map((v) => v.buffer as ArrayBuffer))]);
  }

  async countTokens(texts: string[]): Promise<number[]> {
    return this.need(this.embedder, 'embedder').countTokens(texts);
  }

  async loadReranker(request: ModelLoadRequest, onProgress?: ProgressCallback): Promise<{ id: string }> {
    try {
      configureOnnxRuntime();
      configureSource(request.source);
      const meter = downloadMeter(request.modelId, (p) => void post(onProgress, p));
      const reranker = await createTransformersReranker(request.modelId, { device: this.device, onProgress: meter });
      await this.reranker?.dispose();
      this.reranker = reranker;
      return { id: reranker.id };
    } finally {
      release(onProgress);
    }
  }

  async score(query: string, passages: string[]): Promise<number[]> {
    const reranker = this.need(this.reranker, 'reranker');
    return this.serial.run(() => reranker.score(query, passages));
  }

  private need<T>(model: T | undefined, what: string): T {
    if (!model) throw new Error(`the ${what} is not loaded yet`);
    return model;
  }
}

function probe(request: ModelLoadRequest): Promise<DeviceReport> {
  return probeDevice(navigator, {
    allowFallbackAdapter: request.device === 'webgpu',
    forceWasm: request.device === 'wasm',
  });
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
