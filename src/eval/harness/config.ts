/**
 * What one evaluation run is: the dataset, the models, the methods (strategy × hybrid × rerank)
 * and the k values. The runner indexes once for all methods, so the index settings are derived
 * from the union of what the requested strategies need.
 */
import { DEFAULT_SETTINGS, type ManifestSettings } from '../../core/persist/manifest.ts';
import type { PreparseMode, Retriever, Strategy } from '../../core/types.ts';
import type { DatasetName } from '../datasets/types.ts';
import { methodLabel } from '../report.ts';

export interface EvalConfig {
  dataset: DatasetName;
  split: string;
  dataDir: string;
  modelsDir: string;
  /** Models from the Hugging Face hub (a machine with network) instead of `modelsDir`. */
  hub: boolean;
  /** Inference device in Node: 'cuda' on a GPU machine. */
  device?: 'cpu' | 'cuda';
  embedder: string;
  llm?: string;
  reranker?: string;
  /** Pre-parsing used when a strategy needs pre-parsed entries (p-rag, cap-rag). */
  preparse: Exclude<PreparseMode, 'off'>;
  strategies: Strategy[];
  retrievers: Retriever[];
  rerank: boolean[];
  /** Cut-offs of the retrieval metrics. */
  ks: number[];
  /** Chunks in the answering context (QuALITY: the paper's Top1 / Top2 / Top5). */
  answerKs: number[];
  /** Compute RAGAS-style judgements of free-form answers (costs four LLM calls per answer). */
  judges: boolean;
  /** Candidates per list (the paper's M); default 20·N. */
  m?: number;
  chunkTokens: number;
  seed: number;
  /** Ask only the first `limit` questions. */
  limit?: number;
  cacheDir: string;
  /** Tokens of a free-form answer. */
  maxNewTokens: number;
}

export interface Method {
  label: string;
  strategy: Strategy;
  retriever: Retriever;
  rerank: boolean;
}

export const NDCG_K = 10;

export function methodsOf(config: Pick<EvalConfig, 'strategies' | 'retrievers' | 'rerank'>): Method[] {
  const out: Method[] = [];
  for (const strategy of config.strategies) {
    for (const retriever of config.retrievers) {
      for (const rerank of config.rerank) out.push({ label: methodLabel(strategy, { retriever, rerank }), strategy, retriever, rerank });
    }
  }
  return out;
}

/**
 * Original chunks retrieved per question (the paper's N). The first k by rank do not depend on N
 * (backtracking walks candidates in rank order), so one retrieval serves every k; N also covers
 * nDCG@10 and the answer contexts.
 */
export function chunksPerQuestion(config: Pick<EvalConfig, 'ks' | 'answerKs' | 'llm'>): number {
  return Math.max(NDCG_K, ...config.ks, ...(config.llm ? config.answerKs : []));
}

export function needsClusters(strategies: readonly Strategy[]): boolean {
  return strategies.some((s) => s === 'c-rag' || s === 'cap-rag');
}

export function needsPreparse(strategies: readonly Strategy[]): boolean {
  return strategies.some((s) => s === 'p-rag' || s === 'cap-rag');
}

/** Largest cluster kept whole in a pooled corpus (about what one article's clusters hold in the paper). */
export const POOLED_MAX_CLUSTER_SIZE = 20;

/**
 * One index serves every requested strategy: clusters when C-RAG or CAP-RAG is asked, pre-parsed
 * entries when P-RAG or CAP-RAG is, the RAPTOR tree when RAPTOR is. What no strategy searches is
 * not built (a minChunks above any corpus turns clustering off).
 */
export function indexSettings(config: EvalConfig, pooled: boolean): ManifestSettings {
  const raptor = config.strategies.includes('raptor');
  // RAPTOR's tree honours the same minChunks, so it keeps clustering on too
  const clusters = needsClusters(config.strategies) || raptor;
  return {
    ...DEFAULT_SETTINGS,
    chunking: { chunkTokens: config.chunkTokens, overlapTokens: Math.round(config.chunkTokens / 10) },
    clustering: {
      ...DEFAULT_SETTINGS.clustering,
      // pooled datasets are one corpus: clusters may join passages of different documents
      scope: pooled ? 'corpus' : 'document',
      // A pooled corpus has thousands of chunks: 50 global clusters would hold 60–160 each, and a
      // hit on one would backtrack to all of them. Local clustering keeps them passage-sized.
      ...(pooled ? { maxClusterSize: POOLED_MAX_CLUSTER_SIZE } : {}),
      seed: config.seed,
      minChunks: clusters ? DEFAULT_SETTINGS.clustering.minChunks : Number.MAX_SAFE_INTEGER,
    },
    preparse: needsPreparse(config.strategies)
      ? { mode: config.preparse, ...(config.preparse === 'llm' && config.llm ? { generatorId: config.llm } : {}) }
      : { mode: 'off' },
    raptor,
  };
}
