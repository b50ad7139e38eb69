/**
 * The in-run baselines on hand-made results: each method's difference from the better baseline
 * per metric, the baselines first in every table, the default configuration marked, the Δ table.
 */
import { describe, expect, it } from 'vitest';
import { addBaselineDeltas, bestBaseline, deltaVs } from '../../src/eval/harness/baselines.ts';
import { DEFAULT_SETTINGS } from '../../src/core/stored-index/manifest.ts';
import { summarizeReport } from '../../src/eval/harness/summary.ts';
import { fusionNote, headlineK, reportTables } from '../../src/eval/harness/tables.ts';
import type { EvalReport, MethodResult } from '../../src/eval/harness/types.ts';

function result(method: string, retrieval: Record<string, number>, extra: Partial<MethodResult> = {}): MethodResult {
  return {
    method,
    strategy: 'naive',
    retriever: 'dense',
    backtrack: 'ranked',
    hops: 1,
    rerank: false,
    baseline: false,
    isDefault: false,
    retrieval,
    answers: {},
    counts: { questions: 2, withGold: 2, answered: 0, hard: 0 },
    retrievalMs: { runs: 2, mean: 1, p50: 1, p95: 1, max: 1 },
    held: { mean: 10, max: 10 },
    ...extra,
  };
}

// bm25 is better on recall@5, dense on nDCG@10; recall@512t only bm25 has a number for
const packed = (mean: number) => ({ packed: { '512': { mean, underfilled: 0 } } });
const BM25 = () => result('bm25', { 'recall@5': 0.6, 'ndcg@10': 0.4, 'recall@512t': 0.5 }, { baseline: true, retriever: 'lexical', ...packed(5) });
const DENSE = () => result('dense', { 'recall@5': 0.5, 'ndcg@10': 0.45, 'recall@512t': NaN }, { baseline: true, ...packed(4) });
const HYBRID = () =>
  result('cap-rag+hybrid', { 'recall@5': 0.7, 'ndcg@10': 0.4, 'recall@512t': 0.25 }, { strategy: 'cap-rag', retriever: 'hybrid', isDefault: true, ...packed(3.25) });
const NAIVE_HYBRID = () => result('naive+hybrid', { 'recall@5': 0.55, 'ndcg@10': 0.5 }, { retriever: 'hybrid' });

describe('best baseline and deltas', () => {
  it('takes the better baseline per metric, ignoring missing values and the other methods', () => {
    expect(bestBaseline([BM25(), DENSE(), HYBRID()])).toEqual({ 'recall@5': 0.6, 'ndcg@10': 0.45, 'recall@512t': 0.5 });
    expect(bestBaseline([HYBRID()])).toEqual({});
  });

  it('subtracts the best baseline on the keys both have', () => {
    const d = deltaVs({ 'recall@5': 0.7, 'ndcg@10': 0.4, mrr: 0.9 }, { 'recall@5': 0.6, 'ndcg@10': 0.45 });
    expect(Object.keys(d).sort()).toEqual(['ndcg@10', 'recall@5']);
    expect(d['recall@5']).toBeCloseTo(0.1, 12);
    expect(d['ndcg@10']).toBeCloseTo(-0.05, 12);
  });

  it('stores every method’s delta, the baselines’ own included', () => {
    const methods = [BM25(), DENSE(), HYBRID(), NAIVE_HYBRID()];
    addBaselineDeltas(methods);
    const [bm25, dense, hybrid, naive] = methods.map((m) => m.deltaVsBestBaseline ?? {});
    expect(bm25['recall@5']).toBe(0);
    expect(bm25['ndcg@10']).toBeCloseTo(-0.05, 12);
    expect(dense['recall@5']).toBeCloseTo(-0.1, 12);
    expect(dense['recall@512t']).toBeUndefined();
    expect(hybrid['recall@5']).toBeCloseTo(0.1, 12);
    expect(hybrid['recall@512t']).toBeCloseTo(-0.25, 12);
    expect(naive['ndcg@10']).toBeCloseTo(0.05, 12);
    expect(naive['recall@512t']).toBeUndefined();
  });

  it('leaves deltas out when no baseline has a retrieval number (no gold evidence)', () => {
    const methods = [result('bm25', {}, { baseline: true }), result('dense', {}, { baseline: true }), result('naive+hybrid', {})];
    addBaselineDeltas(methods);
    expect(methods.map((m) => m.deltaVsBestBaseline)).toEqual([undefined, undefined, undefined]);
  });
});

type Unrendered = Omit<EvalReport, 'tables'>;

function report(methods: MethodResult[], fusion: Unrendered['fusion'] = []): Unrendered {
  return {
    tool: 'loci eval',
    startedAt: '2026-01-01T00:00:00.000Z',
    node: 'v22',
    config: {
      dataset: 'hotpotqa',
      split: 'dev',
      dataDir: '/d',
      modelsDir: '/m',
      hub: false,
      embedder: 'e',
      preparse: 'extractive',
      strategies: ['naive', 'cap-rag'],
      retrievers: ['dense', 'hybrid'],
      backtracks: ['ranked'],
      hops: [1],
      rerank: [false],
      ks: [5],
      budgets: [512],
      answerKs: [5],
      judges: false,
      chunkTokens: 100,
      seed: 1,
      cacheDir: '/c',
      maxNewTokens: 8,
      n: 10,
      m: 200,
      budgetN: 42,
      budgetTokenizer: 'embedder e',
      methods: methods.map((m) => m.method),
      defaultMethod: methods.find((m) => m.isDefault)?.method ?? '',
      index: DEFAULT_SETTINGS,
    },
    dataset: { name: 'hotpotqa', split: 'dev', pooled: true, documents: 4, questions: 2, asked: 2, withGold: 2, hard: 0 },
    index: { indexes: 1, documents: 4, failedFiles: [], chunks: 4, clusters: 0, raptorNodes: 0, entries: {}, preparse: { done: 0, failed: 0 }, bytes: 0, ms: {} },
    fusion,
    methods,
    questions: [{ id: 'q', gold: 1, methods: {} }],
    timings: { loadDataMs: 1, indexMs: 1, retrievalMs: 1, budgetMs: 1, answerMs: 0, totalMs: 3 },
  };
}

const tableRows = (table: string) => table.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Method'));

describe('tables with baselines', () => {
  const methods = () => {
    // given in another order than printed: the baselines come first whatever the run's order
    const all = [HYBRID(), NAIVE_HYBRID(), DENSE(), BM25()];
    addBaselineDeltas(all);
    return all;
  };

  it('prints the baselines first, then the methods in the paper’s order, the default marked', () => {
    const tables = reportTables(summarizeReport(report(methods())));
    expect(tableRows(tables.retrieval).map((l) => l.split('|')[1].trim())).toEqual(['bm25', 'dense', 'naive+hybrid', 'cap-rag+hybrid (default)']);
    expect(tables.retrieval).toContain('cap-rag+hybrid (default): the configuration the app answers with');
    // naive+hybrid was not packed (no budget numbers): no row; the mean chunks packed with one decimal, never bold
    expect(tables.budget).toContain('| Method | Recall@512t | Chunks@512t |');
    expect(tableRows(tables.budget)).toEqual(['| bm25 | **50.00** | 5.0 |', '| dense | – | 4.0 |', '| cap-rag+hybrid (default) | 25.00 | 3.3 |']);
  });

  it('prints the Δ table in signed percentage points on the headline columns', () => {
    const delta = reportTables(summarizeReport(report(methods()))).delta;
    expect(delta).toContain('| Method | Recall@5 | nDCG@10 | Recall@512t |');
    expect(tableRows(delta)).toEqual([
      '| bm25 | 0.00 | -5.00 | 0.00 |',
      '| dense | -10.00 | 0.00 | – |',
      '| naive+hybrid | -5.00 | +5.00 | – |',
      '| cap-rag+hybrid (default) | +10.00 | -5.00 | -25.00 |',
    ]);
  });

  it('picks k = 5 for the headline when measured, else the largest k', () => {
    expect(headlineK([1, 2, 5, 10])).toBe(5);
    expect(headlineK([1, 3])).toBe(3);
  });

  it('says what the hybrid search weighed, or that the engine did not say', () => {
    expect(fusionNote([])).toBe('');
    expect(fusionNote([{ group: null, weight: null }])).toBe('; hybrid fusion weight not reported');
    expect(fusionNote([{ group: null, weight: { dense: 0.7, source: 'calibrated' } }])).toBe('; hybrid: dense weight 0.70 (calibrated)');
    expect(
      fusionNote([
        { group: 'a', weight: { dense: 0.6, source: 'calibrated' } },
        { group: 'b', weight: { dense: 0.5, source: 'default' } },
        { group: 'c', weight: null },
      ]),
    ).toBe('; hybrid: dense weight 0.55 on average over 2 of 3 indexes (calibrated, default)');
  });
});
