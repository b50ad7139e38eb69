/**
 * The engine's model ports, each forwarding to the embed or LLM worker. The generator and the
 * reranker load on first use, so the library opens as soon as the embedder is ready.
 */
import { proxy, type Remote } from 'comlink';
import type { ChatMessage, EmbedRole, Embedder, GenerateOptions, Generator, Reranker } from '../../src/core/ports.ts';
import { throwIfAborted } from '../../src/core/util/abort.ts';
import { AsyncQueue } from '../../src/models/async-queue.ts';
import { findModel } from '../../src/models/registry.ts';
import type { EmbedApi, LlmApi, LoadedEmbedder, LoadedGenerator, ModelLoadRequest } from '../protocol.ts';

export class RemoteEmbedder implements Embedder {
  readonly id: string;
  readonly dimension: number;
  readonly maxTokens: number;
  readonly queryPrefix: string;
  readonly passagePrefix: string;

  constructor(
    private readonly api: Remote<EmbedApi>,
    loaded: LoadedEmbedder,
  ) {
    this.id = loaded.id;
    this.dimension = loaded.dimension;
    this.maxTokens = loaded.maxTokens;
    this.queryPrefix = loaded.queryPrefix;
    this.passagePrefix = loaded.passagePrefix;
  }

  async embed(texts: string[], role: EmbedRole, signal?: AbortSignal): Promise<Float32Array[]> {
    throwIfAborted(signal, 'embedding');
    const vectors = await this.api.embed(texts, role);
    throwIfAborted(signal, 'embedding');
    return vectors;
  }

  countTokens(texts: string[]): Promise<number[]> {
    return this.api.countTokens(texts);
  }
}

/** Loads once, on the first call that needs it; a failed load is retried by the next call. */
class Lazy<T> {
  private loading: Promise<T> | undefined;

  constructor(private readonly load: () => Promise<T>) {}

  get(): Promise<T> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }
}

let nextRequest = 1;

export class RemoteGenerator implements Generator {
  readonly id: string;
  private loaded: LoadedGenerator | undefined;
  private readonly lazy: Lazy<LoadedGenerator>;

  constructor(
    private readonly api: Remote<LlmApi>,
    request: ModelLoadRequest,
    load: (request: ModelLoadRequest) => Promise<LoadedGenerator>,
  ) {
    this.id = request.modelId;
    this.lazy = new Lazy(async () => (this.loaded = await load(request)));
  }

  /** The registry's window until the model is loaded, then the model's own. */
  get contextTokens(): number {
    return this.loaded?.contextTokens ?? findModel(this.id)?.contextTokens ?? 4096;
  }

  ready(): Promise<LoadedGenerator> {
    return this.lazy.get();
  }

  async *stream(messages: ChatMessage[], options: GenerateOptions = {}): AsyncIterable<string> {
    const { signal, ...wire } = options;
    if (signal?.aborted) return;
    await this.ready();
    if (signal?.aborted) return;
    const id = nextRequest++;
    const queue = new AsyncQueue<string>();
    const cancel = () => void this.api.cancel(id);
    signal?.addEventListener('abort', cancel, { once: true });
    const finished = this.api.generate(id, messages, wire, proxy((text: string) => queue.push(text))).then(
      () => queue.close(),
      (error: unknown) => queue.fail(error),
    );
    try {
      for await (const piece of queue) {
        if (signal?.aborted) return;
        yield piece;
      }
    } finally {
      signal?.removeEventListener('abort', cancel);
      // A reader that stops early must not leave the model generating into the void.
      cancel();
      await finished;
    }
  }

  async countTokens(text: string): Promise<number> {
    await this.ready();
    return this.api.countTokens(text);
  }
}

export class RemoteReranker implements Reranker {
  readonly id: string;
  private readonly lazy: Lazy<unknown>;

  constructor(
    private readonly api: Remote<EmbedApi>,
    request: ModelLoadRequest,
    load: (request: ModelLoadRequest) => Promise<unknown>,
  ) {
    this.id = request.modelId;
    this.lazy = new Lazy(() => load(request));
  }

  async score(query: string, passages: string[], signal?: AbortSignal): Promise<number[]> {
    await this.lazy.get();
    throwIfAborted(signal, 'reranking');
    return this.api.score(query, passages);
  }
}
