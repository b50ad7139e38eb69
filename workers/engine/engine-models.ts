/**
 * The models the engine uses, in the other two workers. The generator and reranker sit in slots
 * the engine holds for its lifetime, so a person switching models in the settings does not need
 * the index reopened; the embedder cannot be switched like that (see clear-index.ts).
 */
import { proxy, type Remote } from 'comlink';
import type { AppSettings, DownloadProgress } from '../../src/client/api.ts';
import type { ChatMessage, GenerateOptions, Generator, Reranker } from '../../src/core/ports.ts';
import type { EmbedApi, GeneratorPlan, LaunchOptions, LlmApi, LoadedEmbedder, ModelLoadRequest } from '../protocol.ts';
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

  constructor(
    private readonly embedApi: Remote<EmbedApi>,
    private readonly llmApi: Remote<LlmApi>,
    private readonly launch: LaunchOptions,
    private readonly onDownload: (progress: DownloadProgress) => void,
  ) {}

  async loadEmbedder(modelId: string, settings: AppSettings): Promise<RemoteEmbedder> {
    const loaded = await this.embedApi.load(this.request(modelId, settings), proxy(this.onDownload));
    this.loadedEmbedder = loaded;
    this.embedder = new RemoteEmbedder(this.embedApi, loaded);
    return this.embedder;
  }

  /** Chooses the generator and reranker; each loads when first used. */
  choose(settings: AppSettings): void {
    if (this.generator.target?.id !== settings.generatorId || this.sourceChanged(settings)) {
      this.generator.target = new RemoteGenerator(this.llmApi, this.request(settings.generatorId, settings), (request) =>
        this.llmApi.load(request, proxy(this.onDownload)),
      );
    }
    const rerankerId = settings.rerankerId;
    if (!rerankerId) this.reranker.target = undefined;
    else if (this.reranker.target?.id !== rerankerId || this.sourceChanged(settings)) {
      this.reranker.target = new RemoteReranker(this.embedApi, this.request(rerankerId, settings), (request) =>
        this.embedApi.loadReranker(request, proxy(this.onDownload)),
      );
    }
    this.source = settings.modelSource;
  }

  get hasReranker(): boolean {
    return this.reranker.target !== undefined;
  }

  /** Loads the chosen generator now (and says which backend it ended up on). */
  warmGenerator(): Promise<unknown> {
    return this.generator.target?.ready() ?? Promise.resolve();
  }

  plan(settings: AppSettings): Promise<GeneratorPlan> {
    return this.llmApi.plan(this.request(settings.generatorId, settings));
  }

  private source: AppSettings['modelSource'] | undefined;

  private sourceChanged(settings: AppSettings): boolean {
    return JSON.stringify(this.source) !== JSON.stringify(settings.modelSource);
  }

  private request(modelId: string, settings: AppSettings): ModelLoadRequest {
    return { modelId, source: settings.modelSource, device: this.launch.device };
  }
}
