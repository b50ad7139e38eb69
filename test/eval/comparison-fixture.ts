/**
 * Hand-made `loci eval` reports for the comparison tests: a few questions, each method's Recall@5
 * and nDCG@10 given per question, everything else as small as the type allows.
 */
import { DEFAULT_SETTINGS } from '../../src/core/stored-index/manifest.ts';
import type { ComparableReport } from '../../src/eval/compare/load-report.ts';
import type { MethodResult, QuestionResult } from '../../src/eval/harness/types.ts';

export interface HandMade {
  /** Per method label, its Recall@5 on each question, in question order (nDCG@10 is half of it). */
  methods: Record<string, readonly number[]>;
  defaultMethod: string;
  ids?: readonly string[];
  dataset?: 'hotpotqa' | 'rgb';
  split?: string;
  embedder?: string;
}

function methodResult(label: string, isDefault: boolean): MethodResult {
  return {
    method: label,
    strategy: 'naive',
    retriever: 'hybrid',
    backtrack: 'ranked',
    hops: 1,
    rerank: false,
    baseline: false,
    isDefault,
    retrieval: {},
    answers: {},
    counts: { questions: 0, withGold: 0, answered: 0, hard: 0 },
    retrievalMs: { runs: 0, mean: 0, p50: 0, p95: 0, max: 0 },
    held: { mean: 0, max: 0 },
  };
}

export function handMadeReport(spec: HandMade): ComparableReport {
  const labels = Object.keys(spec.methods);
  const count = spec.methods[labels[0]].length;
  const ids = spec.ids ?? Array.from({ length: count }, (_, i) => `q${i}`);
  const questions: QuestionResult[] = ids.map((id, i) => ({
    id,
    gold: 1,
    methods: Object.fromEntries(
      labels.map((label) => {
        const recall = spec.methods[label][i];
        return [label, { retrieval: { 'recall@5': recall, 'ndcg@10': recall / 2 }, ranked: [], held: 0, ms: 0 }];
      }),
    ),
  }));
  const dataset = spec.dataset ?? 'hotpotqa';
  return {
    config: {
      dataset,
      split: spec.split ?? 'dev',
      dataDir: '/d',
      modelsDir: '/m',
      hub: false,
      embedder: spec.embedder ?? 'e',
      preparse: 'extractive',
      strategies: ['naive'],
      retrievers: ['hybrid'],
      backtracks: ['ranked'],
      hops: [1],
      rerank: [false],
      ks: [5],
      budgets: [],
      answerKs: [5],
      judges: false,
      chunkTokens: 100,
      seed: 1,
      cacheDir: '/c',
      maxNewTokens: 8,
      n: 10,
      m: 200,
      budgetN: 10,
      budgetTokenizer: 'embedder e',
      methods: labels,
      defaultMethod: spec.defaultMethod,
      index: DEFAULT_SETTINGS,
    },
    dataset: { name: dataset, split: spec.split ?? 'dev', pooled: true, documents: 1, questions: ids.length, asked: ids.length, withGold: ids.length, hard: 0 },
    methods: labels.map((label) => methodResult(label, label === spec.defaultMethod)),
    questions,
  };
}

/** The report as `loci eval --json` would have written it (the fields a comparison does not read left out). */
export function reportJson(report: ComparableReport): string {
  return `${JSON.stringify({ tool: 'loci eval', ...report }, null, 2)}\n`;
}
