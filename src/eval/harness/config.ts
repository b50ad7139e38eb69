/**
 * What one evaluation run is: the dataset, the models, the methods (strategy × retriever ×
 * backtracking × hops × rerank, plus the bm25 and dense baselines and the app's default) and the
 * k values. The runner indexes once for all methods, so the index settings are derived from the
 * union of what the methods' strategies need.
 */
import { DEFAULT_RETRIEVAL, defaultCandidates } from '../../core/engine/defaults.ts';
import { DEFAULT_SETTINGS, type ManifestSettings } from '../../core/stored-index/manifest.ts';
import { searchesGroups } from '../../core/search/strategy-kinds.ts';
import type { BacktrackMode, PreparseMode, Retriever, Strategy } from '../../core/types.ts';
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
  /** How cluster and RAPTOR hits backtrack (only c-rag, cap-rag and raptor have such hits); default [ranked]. */
  backtracks: BacktrackMode[];
  /** One search, or a second one expanded by what the first found; default [1]. */
  hops: (1 | 2)[];
  /** Whether the documents a question names are also searched apart (the app's way); default [true]. */
  named?: boolean[];
  /** Forces the hybrid fusion's dense share; default: each index's own calibration. */
  denseWeight?: number;
  /**
   * Fixed dense shares each hybrid row is also run at (rows "+w0.3"), beside the calibrated one: how
   * near the calibration comes to the best fixed weight, from one index.
   */
  weights?: number[];
  /**
   * Splits a pooled corpus into this many libraries (datasets/libraries.ts), each indexed and
   * calibrated apart: how a choice an index makes once holds from library to library.
   */
  libraries?: number;
  rerank: boolean[];
  /** Cut-offs of the retrieval metrics. */
  ks: number[];
  /** Context budgets, in tokens, of the recall-at-a-budget metrics (default 512, 1,024, 2,048). */
  budgets: number[];
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
  backtrack: BacktrackMode;
  hops: 1 | 2;
  rerank: boolean;
  /** Documents the question names also searched apart (search/document-names.ts); the baselines do not. */
  named: boolean;
  /** A fixed dense share for this row's hybrid fusion (the run's --weights); the index's own when absent. */
  denseWeight?: number;
  /** One of the two rows every run compares against: `bm25` (naive, lexical) and `dense` (naive, dense). */
  baseline: boolean;
  /** The configuration the app answers with (DEFAULT_RETRIEVAL). */
  isDefault: boolean;
}

export const NDCG_K = 10;

/** The baselines every run includes, computed over the same chunks as the methods. */
export const BASELINES = [
  { label: 'bm25', strategy: 'naive', retriever: 'lexical' },
  { label: 'dense', strategy: 'naive', retriever: 'dense' },
] as const satisfies readonly { label: string; strategy: Strategy; retriever: Retriever }[];

/** Strategies whose entries can be clusters or RAPTOR nodes: the only ones backtracking modes tell apart. */
function hasGroupHits(strategy: Strategy): boolean {
  return strategy === 'c-rag' || strategy === 'cap-rag' || strategy === 'raptor';
}

type MethodSpec = Pick<Method, 'strategy' | 'retriever' | 'backtrack' | 'hops' | 'rerank' | 'named' | 'denseWeight'>;

function sameSpec(a: MethodSpec, b: MethodSpec): boolean {
  return (
    a.strategy === b.strategy &&
    a.retriever === b.retriever &&
    a.backtrack === b.backtrack &&
    a.hops === b.hops &&
    a.rerank === b.rerank &&
    a.named === b.named &&
    a.denseWeight === b.denseWeight
  );
}

function method(spec: MethodSpec, extra: Partial<Method> = {}): Method {
  const weight = spec.denseWeight !== undefined ? `+w${spec.denseWeight}` : '';
  return { label: `${methodLabel(spec.strategy, spec)}${weight}`, ...spec, baseline: false, isDefault: false, ...extra };
}

/** The app's default configuration as a method (no rerank: the app does not rerank unless asked). */
export function defaultMethodSpec(): MethodSpec {
  const { strategy, retriever, backtrack, hops } = DEFAULT_RETRIEVAL;
  return { strategy, retriever, backtrack, hops, rerank: false, named: true };
}

/**
 * The methods of a run: the bm25 and dense baselines first, then every requested strategy ×
 * retriever × backtracking × hops × rerank, then the app's default configuration when it was not
 * requested. A baseline is BM25 or the embedding as they come, without searching the documents a
 * question names apart (search/document-names.ts), so a requested naive row is one of its own
 * unless asked without naming (`named: false`, label "+unnamed"). Strategies
 * without cluster or RAPTOR hits are the same under either backtracking and run once, under
 * `ranked`.
 */
export function methodsOf(
  config: Pick<EvalConfig, 'strategies' | 'retrievers' | 'rerank'> & Partial<Pick<EvalConfig, 'backtracks' | 'hops' | 'named' | 'weights'>>,
): Method[] {
  const out: Method[] = BASELINES.map(({ label, strategy, retriever }) =>
    method({ strategy, retriever, backtrack: 'ranked', hops: 1, rerank: false, named: false }, { label, baseline: true }),
  );
  const add = (spec: MethodSpec) => {
    if (!out.some((m) => sameSpec(m, spec))) out.push(method(spec));
  };
  for (const strategy of config.strategies) {
    const backtracks = hasGroupHits(strategy) ? (config.backtracks ?? ['ranked']) : ['ranked' as const];
    for (const retriever of config.retrievers) {
      for (const backtrack of backtracks) {
        for (const hops of config.hops ?? [1]) {
          for (const named of config.named ?? [true]) {
            for (const rerank of config.rerank) {
              add({ strategy, retriever, backtrack, hops, rerank, named });
              if (retriever === 'hybrid') for (const denseWeight of config.weights ?? []) add({ strategy, retriever, backtrack, hops, rerank, named, denseWeight });
            }
          }
        }
      }
    }
  }
  const defaults = defaultMethodSpec();
  // naive and p-rag run under ranked only, so the default's backtracking must not keep it apart
  if (!hasGroupHits(defaults.strategy)) defaults.backtrack = 'ranked';
  add(defaults);
  for (const m of out) m.isDefault = sameSpec(m, defaults);
  return out;
}

/** Strategies whose entries the index must hold: the requested ones, the baselines' and the default's. */
export function methodStrategies(methods: readonly Pick<Method, 'strategy'>[]): Strategy[] {
  return [...new Set(methods.map((m) => m.strategy))];
}

/**
 * Original chunks the metrics read per question (the paper's N): one retrieval serves every k
 * (metrics at k read its first k chunks), nDCG@10 and the answer contexts, and with more chunks
 * asked for (budgetChunks) the token-budget metrics too: more chunks asked only adds chunks.
 */
export function chunksPerQuestion(config: Pick<EvalConfig, 'ks' | 'answerKs' | 'llm'>): number {
  return Math.max(NDCG_K, ...config.ks, ...(config.llm ? config.answerKs : []));
}

/** Candidates per list (the paper's M) of every retrieval in a run: given, or 20·N. */
export function candidatesPerList(config: Pick<EvalConfig, 'm'>, n: number): number {
  return config.m ?? defaultCandidates(n);
}

/**
 * Chunks retrieved for the token-budget metrics: twice what the largest budget holds in chunks of
 * the configured size (chunks are at most that size in the embedder's tokens, often less, and
 * each source block adds a label line), and never fewer than N. The run counts the questions
 * whose budget these chunks did not fill.
 */
export function budgetChunks(config: Pick<EvalConfig, 'budgets' | 'chunkTokens'>, n: number): number {
  if (config.budgets.length === 0) return n;
  return Math.max(n, 2 * Math.ceil(Math.max(...config.budgets) / config.chunkTokens));
}

/**
 * Whether any method reads what clustering makes: a cluster or RAPTOR strategy. Made once for the
 * run, so that a question's result does not depend on which documents the questions before it
 * clustered.
 */
export function needsClusters(methods: readonly Pick<Method, 'strategy'>[]): boolean {
  return methods.some((m) => searchesGroups(m.strategy));
}

export function needsPreparse(strategies: readonly Strategy[]): boolean {
  return strategies.some((s) => s === 'p-rag' || s === 'cap-rag');
}

/** Largest cluster kept whole in a pooled corpus (about what one article's clusters hold in the paper). */
export const POOLED_MAX_CLUSTER_SIZE = 20;

/**
 * One index serves every method's strategy (the requested ones, the baselines' and the app
 * default's): clusters when C-RAG or CAP-RAG runs, pre-parsed entries when P-RAG or CAP-RAG does,
 * the RAPTOR tree when RAPTOR does. What no strategy searches is not built: clusters are made
 * after indexing only for a run with a cluster strategy (build-index.ts), pre-parsing is off
 * without P-RAG or CAP-RAG.
 */
export function indexSettings(config: EvalConfig, pooled: boolean, scope: 'document' | 'corpus' = pooled ? 'corpus' : 'document'): ManifestSettings {
  const strategies = methodStrategies(methodsOf(config));
  const raptor = strategies.includes('raptor');
  return {
    ...DEFAULT_SETTINGS,
    chunking: { chunkTokens: config.chunkTokens, overlapTokens: Math.round(config.chunkTokens / 10) },
    clustering: {
      ...DEFAULT_SETTINGS.clustering,
      // pooled datasets are one corpus: clusters may join passages of different documents
      scope,
      // A pooled corpus has thousands of chunks: 50 global clusters would hold 60–160 each, and a
      // hit on one would backtrack to all of them. Local clustering keeps them passage-sized.
      ...(scope === 'corpus' ? { maxClusterSize: POOLED_MAX_CLUSTER_SIZE } : {}),
      seed: config.seed,
    },
    preparse: needsPreparse(strategies)
      ? { mode: config.preparse, ...(config.preparse === 'llm' && config.llm ? { generatorId: config.llm } : {}) }
      : { mode: 'off' },
    raptor,
  };
}
