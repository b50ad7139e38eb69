/**
 * The embedder an index opens with while the real one is still loading in the embed worker
 * (seconds even for the tiny test model, longer beside the index read and for a production model
 * on WebAssembly). Its facts come from the registry, so the index is open and searchable by
 * words at once; what needs the model waits for it, and a question asked meanwhile is searched by
 * its words (chats.ts). Once the model has loaded, every call goes straight to it.
 */
import type { EmbedRole, Embedder } from '../../src/core/ports.ts';
import { findModel } from '../../src/models/registry.ts';
import { estimateTokens } from '../../src/models/token-estimate.ts';
import { untilAborted } from '../../src/core/util/abort.ts';

type EmbedderFacts = Pick<Embedder, 'id' | 'dimension' | 'maxTokens' | 'queryPrefix' | 'passagePrefix'>;

export class PendingEmbedder implements Embedder {
  readonly id: string;
  readonly dimension: number;
  readonly maxTokens: number;
  readonly queryPrefix: string;
  readonly passagePrefix: string;
  private real: Embedder | undefined;

  constructor(
    facts: EmbedderFacts,
    private readonly loading: Promise<Embedder>,
  ) {
    ({ id: this.id, dimension: this.dimension, maxTokens: this.maxTokens, queryPrefix: this.queryPrefix, passagePrefix: this.passagePrefix } = facts);
    loading.then(
      (real) => (this.real = real),
      () => undefined,
    );
  }

  /** The registry's facts of `modelId`, when it knows them all (a model it does not list opens the index only once loaded). */
  static factsOf(modelId: string): EmbedderFacts | undefined {
    const info = findModel(modelId);
    if (!info || info.task !== 'embedder' || info.dimension === undefined) return undefined;
    return { id: info.id, dimension: info.dimension, maxTokens: info.maxTokens, queryPrefix: info.queryPrefix, passagePrefix: info.passagePrefix };
  }

  /** Whether the model has loaded (questions are then searched by meaning too). */
  get ready(): boolean {
    return this.real !== undefined;
  }

  async embed(texts: string[], role: EmbedRole, signal?: AbortSignal): Promise<Float32Array[]> {
    const real = this.real ?? (await untilAborted(this.loading, signal, 'embedding'));
    return real.embed(texts, role, signal);
  }

  /** The model's counts once loaded; before that an estimate that errs high (a question is checked with it). */
  countTokens(texts: string[]): Promise<number[]> {
    return this.real ? this.real.countTokens(texts) : Promise.resolve(texts.map(estimateTokens));
  }
}
