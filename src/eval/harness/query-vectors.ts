/**
 * The question's query vector, computed once and served to every method. The engine embeds the
 * question on each `retrieve`, and a run asks it under eight methods (sixteen with a reranker):
 * the same vector eight times over. Wrapping the embedder the engines are opened with keeps
 * retrieval on the engine's own path; passages, and texts not prepared, pass through.
 */
import type { Embedder } from '../../core/ports.ts';

export interface QueryVectorCache extends Embedder {
  /** Embeds `question` as a query now (so the caller can time it once) and serves it until `release`. */
  prepare(question: string, signal?: AbortSignal): Promise<void>;
  /** Forgets the prepared vectors: one question's worth is held at a time. */
  release(): void;
}

export function queryVectorCache(inner: Embedder): QueryVectorCache {
  const held = new Map<string, Float32Array>();
  return {
    get id() {
      return inner.id;
    },
    get dimension() {
      return inner.dimension;
    },
    get maxTokens() {
      return inner.maxTokens;
    },
    get queryPrefix() {
      return inner.queryPrefix;
    },
    get passagePrefix() {
      return inner.passagePrefix;
    },
    countTokens: (texts) => inner.countTokens(texts),
    async embed(texts, role, signal) {
      if (role === 'query' && texts.every((t) => held.has(t))) return texts.map((t) => held.get(t) as Float32Array);
      return inner.embed(texts, role, signal);
    },
    async prepare(question, signal) {
      const [vector] = await inner.embed([question], 'query', signal);
      held.set(question, vector);
    },
    release() {
      held.clear();
    },
  };
}
