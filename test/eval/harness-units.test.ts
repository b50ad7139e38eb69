/** The runner's small decisions, checked without models: corpus files, index settings, query vectors, latency. */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RetrievalDefaults } from '../../src/core/engine/defaults.ts';
import type { Strategy } from '../../src/core/types.ts';
import { budgetChunks, chunksPerQuestion, indexSettings, methodsOf, needsClusters, type EvalConfig, type Method } from '../../src/eval/harness/config.ts';
import { corpusFiles } from '../../src/eval/harness/corpus-files.ts';
import { summarize } from '../../bench/core/stats.ts';

// The app's default is the core's choice and may change; the logic is checked against fixed ones.
const USUAL: RetrievalDefaults = { strategy: 'cap-rag', retriever: 'hybrid', backtrack: 'ranked', hops: 1, n: 5 };
const DEFAULT_RETRIEVAL = vi.hoisted((): RetrievalDefaults => ({ strategy: 'cap-rag', retriever: 'hybrid', backtrack: 'ranked', hops: 1, n: 5 }));
vi.mock('../../src/core/engine/defaults.ts', () => ({ DEFAULT_RETRIEVAL }));
afterEach(() => void Object.assign(DEFAULT_RETRIEVAL, USUAL));

const CONFIG: EvalConfig = {
  dataset: 'hotpotqa',
  split: 'dev',
  dataDir: '/data',
  modelsDir: '/models',
  hub: false,
  embedder: 'e',
  preparse: 'extractive',
  strategies: ['naive'],
  retrievers: ['dense'],
  backtracks: ['ranked'],
  hops: [1],
  rerank: [false],
  ks: [1, 2, 5],
  budgets: [512, 1024, 2048],
  answerKs: [5],
  judges: false,
  chunkTokens: 100,
  seed: 7,
  cacheDir: '/cache',
  maxNewTokens: 64,
};

describe('corpusFiles', () => {
  it('gives documents with identical text distinct bytes, so their ids do not merge', async () => {
    const docs = [
      { id: '3516677', name: 'msmarco-3516677.txt', title: '', text: 'The same passage.' },
      { id: '6465910', name: 'msmarco-6465910.txt', title: '', text: 'The same passage.' },
    ];
    const files = await corpusFiles(docs);
    const hashes = files.map((f) => createHash('sha256').update(f.bytes).digest('hex'));
    expect(new Set(hashes).size).toBe(2);
    expect(files.map((f) => new TextDecoder().decode(f.bytes).trim())).toEqual(['The same passage.', 'The same passage.']);
    expect(files.map((f) => f.doc.id)).toEqual(['3516677', '6465910']);
  });
});

describe('index settings', () => {
  it('builds what the requested strategies and the default configuration search', () => {
    // naive alone still runs the app's default: its pre-parsed entries are built
    const naive = indexSettings(CONFIG, true);
    expect(naive.preparse.mode).toBe('extractive');
    expect(naive.raptor).toBe(false);
    expect(naive.clustering).toMatchObject({ scope: 'corpus', seed: 7 });

    const all = indexSettings({ ...CONFIG, strategies: ['naive', 'c-rag', 'p-rag', 'cap-rag', 'raptor'] }, false);
    expect(all.preparse.mode).toBe('extractive');
    expect(all.raptor).toBe(true);
    expect(all.clustering).toMatchObject({ scope: 'document' });

    // with a naive default, what no strategy searches is not built
    Object.assign(DEFAULT_RETRIEVAL, { strategy: 'naive' });
    const plain = indexSettings(CONFIG, true);
    expect(plain.preparse.mode).toBe('off');
    // clusters are made after indexing for a run whose methods read them: a strategy that
    // searches them (RAPTOR's tree among them); a second hop reads none
    const one = (strategy: Strategy, hops: 1 | 2 = 1) => ({ strategy, hops });
    expect(needsClusters([one('naive'), one('p-rag')])).toBe(false);
    expect(needsClusters([one('naive'), one('raptor')])).toBe(true);
    expect(needsClusters([one('c-rag')])).toBe(true);
    expect(needsClusters([one('naive'), one('p-rag', 2)])).toBe(false);
  });

  it('retrieves enough chunks for every k, and for the largest token budget', () => {
    expect(chunksPerQuestion({ ks: [1, 2, 5], answerKs: [20], llm: undefined })).toBe(10);
    expect(chunksPerQuestion({ ks: [1, 2, 5], answerKs: [20], llm: 'm' })).toBe(20);
    // twice the chunks of the configured size that the largest budget holds, never fewer than N
    expect(budgetChunks({ budgets: [512, 2048], chunkTokens: 100 }, 10)).toBe(42);
    expect(budgetChunks({ budgets: [300], chunkTokens: 100 }, 10)).toBe(10);
    expect(budgetChunks({ budgets: [], chunkTokens: 100 }, 10)).toBe(10);
  });
});

describe('methods of a run', () => {
  const labels = (methods: Method[]) => methods.map((m) => m.label);
  const flags = (methods: Method[]) => Object.fromEntries(methods.map((m) => [m.label, { baseline: m.baseline, isDefault: m.isDefault }]));

  it('adds the bm25 and dense baselines and the default configuration to what was asked', () => {
    const methods = methodsOf({ strategies: ['p-rag'], retrievers: ['hybrid'], rerank: [false] });
    expect(labels(methods)).toEqual(['bm25', 'dense', 'p-rag+hybrid', 'cap-rag+hybrid']);
    expect(methods.slice(0, 2)).toMatchObject([
      { strategy: 'naive', retriever: 'lexical', hops: 1, rerank: false, named: false, baseline: true },
      { strategy: 'naive', retriever: 'dense', hops: 1, rerank: false, named: false, baseline: true },
    ]);
    expect(methods.slice(2).every((m) => m.named)).toBe(true);
    expect(flags(methods)).toEqual({
      bm25: { baseline: true, isDefault: false },
      dense: { baseline: true, isDefault: false },
      'p-rag+hybrid': { baseline: false, isDefault: false },
      'cap-rag+hybrid': { baseline: false, isDefault: true },
    });
    const def = methods.find((m) => m.isDefault);
    expect(def).toMatchObject({ strategy: DEFAULT_RETRIEVAL.strategy, retriever: DEFAULT_RETRIEVAL.retriever, backtrack: DEFAULT_RETRIEVAL.backtrack, hops: DEFAULT_RETRIEVAL.hops });
  });

  it('keeps a requested naive+lexical or naive row apart from the baselines, and marks a requested default instead of adding one', () => {
    const methods = methodsOf({ strategies: ['naive', 'cap-rag'], retrievers: ['dense', 'lexical', 'hybrid'], rerank: [false] });
    // the baselines search as BM25 and the embedding come; naive rows also search named documents
    expect(labels(methods)).toEqual(['bm25', 'dense', 'naive', 'naive+lexical', 'naive+hybrid', 'cap-rag', 'cap-rag+lexical', 'cap-rag+hybrid']);
    expect(methods.filter((m) => m.isDefault).map((m) => m.label)).toEqual(['cap-rag+hybrid']);
    expect(methods.filter((m) => m.baseline).map((m) => m.label)).toEqual(['bm25', 'dense']);
  });

  it('crosses naming on and off, a naive row without it being the baseline', () => {
    const methods = methodsOf({ strategies: ['naive', 'p-rag'], retrievers: ['dense', 'hybrid'], named: [true, false], rerank: [false] });
    expect(labels(methods)).toEqual([
      'bm25',
      'dense',
      'naive',
      'naive+hybrid',
      'naive+hybrid+unnamed',
      'p-rag',
      'p-rag+unnamed',
      'p-rag+hybrid',
      'p-rag+hybrid+unnamed',
      'cap-rag+hybrid',
    ]);
    expect(methods.find((m) => m.label === 'p-rag+unnamed')).toMatchObject({ named: false, baseline: false });
    // the default searches named documents apart, as the app does
    expect(methods.filter((m) => m.isDefault).map((m) => [m.label, m.named])).toEqual([['cap-rag+hybrid', true]]);
  });

  it('repeats each hybrid row at fixed dense shares beside the calibrated one, never the baselines or dense rows', () => {
    const methods = methodsOf({ strategies: ['p-rag'], retrievers: ['dense', 'hybrid'], weights: [0.3, 0.5], rerank: [false] });
    expect(labels(methods).slice(0, 6)).toEqual(['bm25', 'dense', 'p-rag', 'p-rag+hybrid', 'p-rag+hybrid+w0.3', 'p-rag+hybrid+w0.5']);
    expect(methods.find((m) => m.label === 'p-rag+hybrid+w0.3')).toMatchObject({ retriever: 'hybrid', denseWeight: 0.3, isDefault: false });
    expect(methods.find((m) => m.label === 'p-rag+hybrid')?.denseWeight).toBeUndefined();
    expect(methods.filter((m) => m.isDefault).every((m) => m.denseWeight === undefined)).toBe(true);
  });

  it('crosses backtracking and hops, naming only the values that are not the usual ones', () => {
    const methods = methodsOf({
      strategies: ['naive', 'cap-rag'],
      retrievers: ['hybrid'],
      backtracks: ['ranked', 'paper'],
      hops: [1, 2],
      rerank: [false],
    });
    // naive has no cluster hits: either backtracking gives the same rows, so it runs once
    expect(labels(methods)).toEqual([
      'bm25',
      'dense',
      'naive+hybrid',
      'naive+hybrid+2hop',
      'cap-rag+hybrid',
      'cap-rag+hybrid+2hop',
      'cap-rag+hybrid+paper',
      'cap-rag+hybrid+paper+2hop',
    ]);
    expect(methods.find((m) => m.label === 'cap-rag+hybrid+paper+2hop')).toMatchObject({ backtrack: 'paper', hops: 2 });
    expect(methods.filter((m) => m.isDefault).map((m) => m.label)).toEqual(['cap-rag+hybrid']);
  });

  it('adds a default configured as a baseline is as a row of its own, since the app also searches named documents', () => {
    Object.assign(DEFAULT_RETRIEVAL, { strategy: 'naive', retriever: 'dense', backtrack: 'paper' });
    const methods = methodsOf({ strategies: ['p-rag'], retrievers: ['hybrid'], rerank: [false] });
    expect(labels(methods)).toEqual(['bm25', 'dense', 'p-rag+hybrid', 'naive']);
    expect(flags(methods).dense).toEqual({ baseline: true, isDefault: false });
    expect(flags(methods).naive).toEqual({ baseline: false, isDefault: true });
  });

  it('adds a default with a second hop and paper backtracking under its own label', () => {
    Object.assign(DEFAULT_RETRIEVAL, { backtrack: 'paper', hops: 2 });
    const methods = methodsOf({ strategies: ['cap-rag'], retrievers: ['hybrid'], rerank: [false] });
    expect(labels(methods)).toEqual(['bm25', 'dense', 'cap-rag+hybrid', 'cap-rag+hybrid+paper+2hop']);
    expect(methods.filter((m) => m.isDefault).map((m) => m.label)).toEqual(['cap-rag+hybrid+paper+2hop']);
  });

  it('adds the default without rerank when only reranked rows were asked', () => {
    const methods = methodsOf({ strategies: ['cap-rag'], retrievers: ['hybrid'], rerank: [true] });
    expect(labels(methods)).toEqual(['bm25', 'dense', 'cap-rag+hybrid+rerank', 'cap-rag+hybrid']);
    expect(methods.filter((m) => m.isDefault).map((m) => m.label)).toEqual(['cap-rag+hybrid']);
  });
});

describe('latency summary', () => {
  it('interpolates percentiles over the sorted times, whatever their order', () => {
    expect(summarize([4, 1, 3, 2, 5])).toEqual({ runs: 5, mean: 3, p50: 3, p95: 4.8, max: 5 });
    expect(summarize([]).p50).toBeNaN();
  });
});
