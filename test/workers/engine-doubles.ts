/**
 * The engine worker's service with the embed and LLM workers replaced by doubles on
 * MessageChannels, and IndexedDB by fake-indexeddb (a fresh database before each test): shared by
 * the tests of the service (engine-service.test.ts) and of a site's library updates.
 */
import { IDBFactory } from 'fake-indexeddb';
import { expose } from 'comlink';
import { afterEach, beforeEach, vi } from 'vitest';
import type { LibraryEvent } from '../../src/protocol/api.ts';
import type { EmbedRole } from '../../src/core/ports.ts';
import type { DeviceReport } from '../../src/models/device.ts';
import { EngineService } from '../../workers/engine/engine-service.ts';
import type { EmbedApi, GeneratorPlan, LlmApi, LoadedEmbedder, LoadedGenerator, ModelLoadRequest, ProgressCallback } from '../../src/protocol/workers.ts';
import { release } from '../../workers/shared/callbacks.ts';
import { hashEmbedder } from '../support/hash-embedder.ts';

const report: DeviceReport = {
  webgpu: false,
  fallbackAdapter: false,
  shaderF16: false,
  threads: 2,
  embedderDevice: 'wasm',
  generatorBackend: 'transformers-wasm',
  reasons: ['No WebGPU adapter: everything runs on WebAssembly.'],
};

/** The embed worker: the hub is unreachable, a mirror works; embedding takes a little while. */
export class EmbedDouble implements EmbedApi {
  readonly loads: string[] = [];
  /** Embeddings still running when a load began: a swap under a running job. */
  readonly overlaps: string[] = [];
  inflight = 0;
  /** While set, embedding waits for it: a batch that is still running. */
  hold: Promise<void> | undefined;
  /** Models no source can serve (not downloadable, not in the model folder). */
  readonly unavailable = new Set<string>();

  async probe(): Promise<DeviceReport> {
    return report;
  }

  async load(request: ModelLoadRequest, onProgress?: ProgressCallback): Promise<LoadedEmbedder> {
    release(onProgress);
    this.loads.push(`${request.modelId} from ${request.source.kind}`);
    if (this.inflight > 0) this.overlaps.push(request.modelId);
    if (request.source.kind === 'hub') throw new Error('huggingface.co could not be reached');
    if (this.unavailable.has(request.modelId)) throw new Error(`${request.modelId} is not on the mirror`);
    return { id: request.modelId, dimension: 16, maxTokens: 512, queryPrefix: '', passagePrefix: '', device: 'wasm', report };
  }

  async embed(modelId: string, texts: string[], role: EmbedRole): Promise<Float32Array[]> {
    this.inflight++;
    try {
      await this.hold;
      return hashEmbedder(modelId, 16).embed(texts, role);
    } finally {
      this.inflight--;
    }
  }

  countTokens(modelId: string, texts: string[]): Promise<number[]> {
    return hashEmbedder(modelId, 16).countTokens(texts);
  }

  async loadReranker(request: ModelLoadRequest, onProgress?: ProgressCallback): Promise<{ id: string }> {
    release(onProgress);
    return { id: request.modelId };
  }

  async score(_modelId: string, _query: string, passages: string[]): Promise<number[]> {
    return passages.map(() => 0);
  }
}

class LlmDouble implements LlmApi {
  async plan(): Promise<GeneratorPlan> {
    return { backend: 'transformers-wasm', reasons: [] };
  }

  async load(request: ModelLoadRequest, onProgress?: ProgressCallback): Promise<LoadedGenerator> {
    release(onProgress);
    return { id: request.modelId, contextTokens: 2048, backend: 'transformers-wasm', reasons: [] };
  }

  async generate(): Promise<void> {}

  cancel(): void {}

  async countTokens(_request: ModelLoadRequest, text: string): Promise<number> {
    return text.length;
  }
}

function served(service: object): MessagePort {
  const { port1, port2 } = new MessageChannel();
  expose(service, port2);
  return port1;
}

export const mirror = { kind: 'mirror' as const, baseUrl: 'https://mirror.example/' };
const ports: MessagePort[] = [];

/** `siteManifest`: the address of the site's library manifest, as the page gives it. */
export async function start(embed: EmbedDouble, siteManifest?: string) {
  const { engine, events, started } = begin(embed, siteManifest);
  return { engine, events, started: await started };
}

/** An engine service asked to start, not waited for: what the page asks beside its start. */
export function begin(embed: EmbedDouble, siteManifest?: string) {
  const engine = new EngineService();
  const events: LibraryEvent[] = [];
  const request = { launch: { localModels: false, device: 'wasm' as const }, embedPort: served(embed), llmPort: served(new LlmDouble()), ...(siteManifest ? { siteManifest } : {}) };
  ports.push(request.embedPort, request.llmPort);
  return { engine, events, started: engine.start(request, (event) => events.push(event)) };
}

/** A fresh database before each test of the file that calls this, and the workers' ports closed after it. */
export function useEngineDoubles(): void {
beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  // Node 20 lacks Promise.withResolvers, which browsers (where this service runs) have.
  if (!Promise.withResolvers) {
    vi.stubGlobal('Promise', Object.assign(Promise, {
      withResolvers<T>() {
        let resolve!: (value: T) => void;
        let reject!: (error: unknown) => void;
        const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
        return { promise, resolve, reject };
      },
    }));
  }
});

afterEach(() => {
  for (const port of ports.splice(0)) port.close();
  vi.restoreAllMocks();
});
}

