/**
 * The models the engine uses, in the other two workers. The generator and reranker sit in slots
 * the engine holds for its lifetime, so a person switching models in the settings does not need
 * the index reopened; the embedder cannot be switched like that (see IdbIndexStore.clearIndex).
 */
import { proxy, type Remote } from 'comlink';
import type { AppSettings, DownloadProgress } from '../../src/protocol/api.ts';
import type { ChatMessage, GenerateOptions, Generator, Reranker } from '../../src/core/ports.ts';
import type { DeviceReport } from '../../src/models/device.ts';
import type { EmbedApi, GeneratorPlan, LaunchOptions, LlmApi, LoadedEmbedder, ModelLoadRequest, ProgressCallback } from '../../src/protocol/workers.ts';
import { cachedFileTest } from './model-cache.ts';
import { RemoteEmbedder, RemoteGenerator, RemoteReranker } from './remote-models.ts';

class GeneratorSlot implements Generator {
  target: RemoteGenerator | undefined;

  get id(): string {
    return this.need().id;
  }

  get contextTokens(): number {
    return this.need().contextTokens;
  }

  stream(messages: ChatMessage[], options?: GenerateOptions): AsyncIterable<string> {
    return this.need().stream(messages, options);
  }

  countTokens(text: string): Promise<number> {
    return this.need().countTokens(text);
  }

  private need(): RemoteGenerator {
    if (!this.target) throw new Error('no language model is chosen');
    return this.target;
  }
}

class RerankerSlot implements Reranker {
  target: RemoteReranker | undefined;

  get id(): string {
    return this.target?.id ?? 'none';
  }

  score(query: string, passages: string[], signal?: AbortSignal): Promise<number[]> {
    if (!this.target) throw new Error('no reranker model is chosen');
    return this.target.score(query, passages, signal);
  }
}

export class EngineModels {
  readonly generator = new GeneratorSlot();
  readonly reranker = new RerankerSlot();
  embedder: RemoteEmbedder | undefined;
  loadedEmbedder: LoadedEmbedder | undefined;
  /** An embedder preloaded (preloadEmbedder) and the request it was loaded for, until loadEmbedder takes it. */
  private readyEmbedder: { key: string; loaded: LoadedEmbedder } | undefined;
  private source: AppSettings['modelSource'] | undefined;

  constructor(
    private readonly embedApi: Remote<EmbedApi>,
    private readonly llmApi: Remote<LlmApi>,
    private readonly launch: LaunchOptions,
    private readonly onDownload: (progress: DownloadProgress) => void,
  ) {}

  /** Replaces the embedder in the embed worker: the index must not be using it meanwhile. */
  async loadEmbedder(modelId: string, settings: AppSettings): Promise<RemoteEmbedder> {
    const key = this.requestKey(modelId, settings);
    const ready = this.readyEmbedder?.key === key ? this.readyEmbedder.loaded : undefined;
    this.readyEmbedder = undefined;
    const loaded = ready ?? (await this.loader(modelId, settings, (request, onProgress) => this.embedApi.load(request, onProgress))());
    this.loadedEmbedder = loaded;
    this.embedder = new RemoteEmbedder(this.embedApi, loaded);
    return this.embedder;
  }

  /**
   * Loads `modelId` into the embed worker before what cannot be undone rests on it (Settings ›
   * Import's Replace deletes the library only once the file's model is here); throws when it
   * cannot be loaded, and the worker keeps the model it had. `embedder` stays the open index's
   * until the index opens on the new one, whose loadEmbedder then takes this one as loaded.
   */
  async preloadEmbedder(modelId: string, settings: AppSettings): Promise<void> {
    this.readyEmbedder = undefined;
    const loaded = await this.loader(modelId, settings, (request, onProgress) => this.embedApi.load(request, onProgress))();
    this.readyEmbedder = { key: this.requestKey(modelId, settings), loaded };
  }

  /** Where the embedder would run, for the device summary when it could not be loaded. */
  probeEmbedder(settings: AppSettings): Promise<DeviceReport> {
    return this.embedApi.probe(this.request(settings.embedderId, settings));
  }

  /** Chooses the generator and reranker; each loads when first used. */
  choose(settings: AppSettings): void {
    // Another source serves other files under the same ids: everything loads again from it.
    const moved = JSON.stringify(this.source) !== JSON.stringify(settings.modelSource);
    this.source = settings.modelSource;
    const { generatorId, rerankerId } = settings;
    if (moved || this.generator.target?.id !== generatorId) {
      const load = this.loader(generatorId, settings, (request, onProgress) => this.llmApi.load(request, onProgress));
      this.generator.target = new RemoteGenerator(this.llmApi, generatorId, load, this.request(generatorId, settings), this.launch.replyTokens);
    }
    if (moved || this.reranker.target?.id !== rerankerId) {
      this.reranker.target = rerankerId
        ? new RemoteReranker(this.embedApi, rerankerId, this.loader(rerankerId, settings, (request, onProgress) => this.embedApi.loadReranker(request, onProgress)))
        : undefined;
    }
  }

  get hasReranker(): boolean {
    return this.reranker.target !== undefined;
  }

  /** Fetches the chosen generator's tokenizer now, a few megabytes: the first question's sources are counted with it. */
  warmTokenizer(): Promise<unknown> {
    return this.generator.target?.warmTokenizer() ?? Promise.resolve();
  }

  /** Loads the chosen generator now (and says which backend it ended up on). */
  warmGenerator(): Promise<unknown> {
    return this.generator.target?.ready() ?? Promise.resolve();
  }

  plan(settings: AppSettings): Promise<GeneratorPlan> {
    return this.llmApi.plan(this.request(settings.generatorId, settings));
  }

  /**
   * A load of `modelId` from the settings' source, bound now and run when called. Progress on a
   * file the browser already cached is a cache read and is not reported as a download: the panel
   * shows only when bytes come over the network. These are transformers.js's files; web-llm keeps
   * its build elsewhere, and the LLM worker asks web-llm itself (workers/llm/webllm-backend.ts).
   */
  private loader<T>(modelId: string, settings: AppSettings, load: (request: ModelLoadRequest, onProgress: ProgressCallback) => Promise<T>): () => Promise<T> {
    const request = this.request(modelId, settings);
    return async () => {
      const cached = await cachedFileTest(modelId);
      return load(
        request,
        proxy((progress: DownloadProgress) => {
          if (!cached(progress.file)) this.onDownload(progress);
        }),
      );
    };
  }

  private requestKey(modelId: string, settings: AppSettings): string {
    return JSON.stringify(this.request(modelId, settings));
  }

  private request(modelId: string, settings: AppSettings): ModelLoadRequest {
    return { modelId, source: settings.modelSource, device: this.launch.device };
  }
}
