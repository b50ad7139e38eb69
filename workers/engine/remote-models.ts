/**
 * The engine's model ports, each forwarding to the embed or LLM worker. Every call names the
 * model it was made for, so a worker that has switched models since refuses it. The generator and
 * the reranker load on first use, so the library opens as soon as the embedder is ready.
 */
import { markOnce } from '../shared/mark-once.ts';
import { proxy, type Remote } from 'comlink';
import type { ChatMessage, EmbedRole, Embedder, GenerateOptions, Generator, Reranker } from '../../src/core/ports.ts';
import { throwIfAborted } from '../../src/core/util/abort.ts';
import { AsyncQueue } from '../../src/models/async-queue.ts';
import { findModel } from '../../src/models/registry.ts';
import { estimateTokens } from '../../src/models/token-estimate.ts';
import type { EmbedApi, LlmApi, LoadedEmbedder, LoadedGenerator, ModelLoadRequest } from '../../src/protocol/workers.ts';
import { untilAborted } from '../../src/core/util/abort.ts';

export class RemoteEmbedder implements Embedder {
  readonly id: string;
  readonly dimension: number;
  readonly maxTokens: number;
  readonly queryPrefix: string;
  readonly passagePrefix: string;
  readonly dtype?: string;

  constructor(
    private readonly api: Remote<EmbedApi>,
    loaded: LoadedEmbedder,
  ) {
    if (loaded.dtype) this.dtype = loaded.dtype;
    this.id = loaded.id;
    this.dimension = loaded.dimension;
    this.maxTokens = loaded.maxTokens;
    this.queryPrefix = loaded.queryPrefix;
    this.passagePrefix = loaded.passagePrefix;
  }

  async embed(texts: string[], role: EmbedRole, signal?: AbortSignal): Promise<Float32Array[]> {
    throwIfAborted(signal, 'embedding');
    const vectors = await this.api.embed(this.id, texts, role);
    if (role === 'query') markOnce('query-embedded');
    throwIfAborted(signal, 'embedding');
    return vectors;
  }

  countTokens(texts: string[]): Promise<number[]> {
    return this.api.countTokens(this.id, texts);
  }
}

/** Work that runs once, when first asked for; a failed run runs again on the next ask. Askers share the run. */
class Once<T> {
  private running: Promise<T> | undefined;
  /** What the run returned, once it has. */
  value: T | undefined;

  constructor(private readonly run: () => Promise<T>) {}

  get(): Promise<T> {
    this.running ??= this.run().then(
      (value) => (this.value = value),
      (error: unknown) => {
        this.running = undefined;
        throw error;
      },
    );
    return this.running;
  }
}

/**
 * A model of another worker that loads once, on the first call that needs it (a failed load is
 * retried by the next call). Callers share the load; one that stops waits no longer for it.
 */
abstract class OnFirstUse<T> {
  private readonly model: Once<T>;

  constructor(
    readonly id: string,
    load: () => Promise<T>,
  ) {
    this.model = new Once(load);
  }

  /** What the load returned, once it has. */
  protected get loaded(): T | undefined {
    return this.model.value;
  }

  /** Rejects with CancelledError as soon as `signal` aborts; the load itself goes on. */
  ready(signal?: AbortSignal): Promise<T> {
    return untilAborted(this.model.get(), signal, 'loading the model');
  }
}

let nextRequest = 1;

export class RemoteGenerator extends OnFirstUse<LoadedGenerator> implements Generator {
  /** The LLM worker's tokenizer, loaded once it has counted. */
  private readonly tokenizer = new Once(() => this.api.countTokens(this.request, '').then(() => true));

  constructor(
    private readonly api: Remote<LlmApi>,
    id: string,
    load: () => Promise<LoadedGenerator>,
    /** What the LLM worker loads the model (or, to count tokens, its tokenizer) from. */
    private readonly request: ModelLoadRequest,
    /** The most tokens of any reply (LaunchOptions.replyTokens, tests); none when undefined. */
    private readonly replyCap?: number,
  ) {
    super(id, load);
  }

  /** The registry's window until the model is loaded, then the model's own. */
  get contextTokens(): number {
    return this.loaded?.contextTokens ?? findModel(this.id)?.contextTokens ?? 4096;
  }

  async *stream(messages: ChatMessage[], options: GenerateOptions = {}): AsyncIterable<string> {
    const { signal, ...asked } = options;
    if (signal?.aborted) return;
    const wire = this.replyCap === undefined ? asked : { ...asked, maxTokens: Math.min(asked.maxTokens ?? this.replyCap, this.replyCap) };
    try {
      await this.ready(signal);
    } catch (error) {
      // Stopped while the model was loading: the port's contract is an empty stream, not an error.
      if (signal?.aborted) return;
      throw error;
    }
    const id = nextRequest++;
    const queue = new AsyncQueue<string>();
    const cancel = () => void this.api.cancel(id);
    signal?.addEventListener('abort', cancel, { once: true });
    const finished = this.api.generate(id, this.id, messages, wire, proxy((text: string) => queue.push(text))).then(
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

  /**
   * Counted by the model once loaded, by its tokenizer alone before: packing a question's sources
   * no longer waits for the weights (a first visit's download of hundreds of megabytes, or a load
   * left until the library's dropped files were read). Until the tokenizer has answered once, by
   * an estimate that errs high (token-estimate.ts): on a first visit, fetching, caching and parsing
   * Qwen's tokenizer held the first question's sources for seconds after the library was ready
   * (bench:browser --only library, first visit), and a visitor without the model (offline) would
   * see no sources at all.
   */
  countTokens(text: string): Promise<number> {
    if (this.tokenizer.value) return this.api.countTokens(this.request, text);
    this.tokenizer.get().catch(() => undefined);
    return Promise.resolve(estimateTokens(text));
  }

  /** Has the LLM worker fetch the tokenizer (a few megabytes) now; resolves once it counts. A failure (offline) is tried again on the next call. */
  async warmTokenizer(): Promise<void> {
    await this.tokenizer.get();
  }
}

export class RemoteReranker extends OnFirstUse<{ id: string }> implements Reranker {
  constructor(
    private readonly api: Remote<EmbedApi>,
    id: string,
    load: () => Promise<{ id: string }>,
  ) {
    super(id, load);
  }

  async score(query: string, passages: string[], signal?: AbortSignal): Promise<number[]> {
    const { id } = await this.ready(signal);
    throwIfAborted(signal, 'reranking');
    return this.api.score(id, query, passages);
  }
}
