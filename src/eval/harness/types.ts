/** The result of one evaluation run, as written to `--out` (`--json`): every number, with its configuration. */
import type { Timing } from '../../bench/stats.ts';
import type { ManifestSettings } from '../../core/persist/index.ts';
import type { Retriever, Strategy } from '../../core/types.ts';
import type { EvalConfig } from './config.ts';
import type { IndexStats } from './build-index.ts';


export interface MethodResult {
  method: string;
  strategy: Strategy;
  retriever: Retriever;
  rerank: boolean;
  /** Means over the questions with gold evidence (retrieval) or with an answer (answers). */
  retrieval: Record<string, number>;
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
    /** Original chunks retrieved per question (max of the k values and nDCG@10). */
    n: number;
    methods: string[];
    index: ManifestSettings;
  };
  dataset: { name: string; split: string; pooled: boolean; documents: number; questions: number; asked: number; withGold: number; hard: number };
  index: IndexStats;
  methods: MethodResult[];
  questions: QuestionResult[];
  /** The markdown tables printed on stdout. */
  tables: Record<string, string>;
  timings: { loadModelsMs?: number; loadDataMs: number; indexMs: number; retrievalMs: number; answerMs: number; totalMs: number };
}
