/** The result of one evaluation run, as written to `--out` (`--json`): every number, with its configuration. */
import type { Timing } from '../../../bench/core/stats.ts';
import type { ManifestSettings } from '../../core/stored-index/index.ts';
import type { BacktrackMode, FusionWeight, Retriever, Strategy } from '../../core/types.ts';
import type { EvalConfig } from './config.ts';
import type { IndexStats } from './build-index.ts';
import type { Interval } from '../stats/bootstrap.ts';
import type { Comparison } from '../compare/types.ts';


export interface MethodResult {
  method: string;
  strategy: Strategy;
  retriever: Retriever;
  backtrack: BacktrackMode;
  hops: 1 | 2;
  rerank: boolean;
  /** The bm25 or dense row every run includes. */
  baseline: boolean;
  /** The configuration the app answers with (DEFAULT_RETRIEVAL). */
  isDefault: boolean;
  /**
   * Means over the questions with gold evidence (retrieval: at k chunks and within each token
   * budget) or with an answer (answers).
   */
  retrieval: Record<string, number>;
  /**
   * Per retrieval metric, this method's value minus the better of the two baselines' (bm25,
   * dense), as a fraction (0.05 = 5 points); absent without gold evidence.
   */
  deltaVsBestBaseline?: Record<string, number>;
  /**
   * Per retrieval metric, the 95 % percentile-bootstrap interval of the mean over the questions
   * (src/eval/stats/bootstrap.ts: fixed seed and resamples), as fractions; absent without gold
   * evidence and in reports written before intervals were stored.
   */
  intervals?: Record<string, Interval>;
  answers: Record<string, number>;
  /** QuALITY: the same answer metrics on the `hard` questions only. */
  hardAnswers?: Record<string, number>;
  counts: { questions: number; withGold: number; answered: number; hard: number };
  /**
   * Per question, in milliseconds: query embedding (done once per question and counted in every
   * method's time, as each method alone would pay it), search, backtracking, rerank.
   */
  retrievalMs: Timing;
  answerMs?: Timing;
  /** Chunks backtracking held per question before the cut to N: above N when cluster hits overshoot. */
  held: { mean: number; max: number };
  /** Mean chunks packed within each token budget (keyed by the budget), and the questions whose retrieved chunks all fitted. */
  packed?: Record<string, { mean: number; underfilled: number }>;
  /**
   * Two-hop methods: questions asked, questions the engine reported a second hop for, questions
   * where it added chunks the first hop had not ranked within N, and the mean chunks added.
   */
  secondHop?: { asked: number; reported: number; added: number; meanAdded: number };
}

export interface QuestionMethodResult {
  retrieval?: Record<string, number>;
  answers?: Record<string, number>;
  /** Dataset ids of the documents of the first N retrieved chunks, best first. */
  ranked: string[];
  /** Chunks backtracking held (more than N when a cluster hit overshot). */
  held: number;
  /** Gold ids each ranked chunk covers (only when the question has gold evidence). */
  covered?: string[][];
  /** Chunks packed within each token budget, keyed by the budget. */
  packed?: Record<string, number>;
  /** Budgets that took every chunk retrieved for them (see BudgetOutcome.underfilled). */
  underfilled?: number[];
  /** What the second hop did (two-hop methods, when the engine reports it). */
  secondHop?: {
    terms: string[];
    added: number;
  };
  replies?: Record<string, string>;
  ms: number;
}

export interface QuestionResult {
  id: string;
  group?: string;
  hard?: boolean;
  gold: number;
  methods: Record<string, QuestionMethodResult>;
}

export interface EvalReport {
  tool: 'loci eval';
  startedAt: string;
  node: string;
  config: EvalConfig & {
    /** Original chunks the metrics read per question (max of the k values and nDCG@10). */
    n: number;
    /** Candidates per list (the paper's M) of every retrieval. */
    m: number;
    /** Chunks retrieved per question, enough to fill the largest token budget (the first n are the k metrics'). */
    budgetN: number;
    /** Who counted the tokens of the budget metrics: the answering LLM, else the embedder. */
    budgetTokenizer: string;
    methods: string[];
    /** Label of the app's default configuration among the methods. */
    defaultMethod: string;
    index: ManifestSettings;
  };
  dataset: {
    name: string;
    split: string;
    pooled: boolean;
    /** Libraries a pooled corpus was split into (--libraries), each indexed and calibrated apart. */
    libraries?: number;
    documents: number; questions: number; asked: number; withGold: number;
    hard: number;
  };
  index: IndexStats;
  /**
   * Per index (one for a pooled corpus; `group` null), how its hybrid search weighed the dense
   * list, from its first hybrid retrieval; null when the engine reported no fusion weight.
   */
  fusion: { group: string | null; weight: FusionWeight | null }[];
  methods: MethodResult[];
  /**
   * Per library (index) and hybrid method run at fixed weights too (--weights): the weight the index
   * chose beside the best fixed one (library-table.ts); absent when no fixed weights ran.
   */
  libraries?: LibraryRow[];
  questions: QuestionResult[];
  /** With `--against`: this run against an earlier one, question by question. */
  comparison?: Comparison;
  /** The markdown tables printed on stdout. */
  tables: Record<string, string>;
  /** retrievalMs: the retrievals (of budgetN chunks); budgetMs: packing them within each budget. */
  timings: { loadModelsMs?: number; loadDataMs: number; indexMs: number; retrievalMs: number; budgetMs: number; answerMs: number; totalMs: number };
}

/** One library's line for one hybrid method. */
export interface LibraryRow {
  library: string;
  method: string;
  questions: number;
  /** The dense share the index chose (NaN when it reported none). */
  chosen: number;
  /** The method's Recall@k and all-gold@k at the chosen weight. */
  recall: number;
  allGold: number;
  /** The fixed weight with the best Recall@k (ties: the one nearer the chosen weight). */
  bestWeight: number;
  bestRecall: number;
  /** bestRecall − recall: what the chosen weight costs against the best fixed one (≤ 0: nothing). */
  cost: number;
}
