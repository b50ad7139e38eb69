/**
 * The evaluation runner end to end on a tiny HotpotQA-shaped folder with the real GloVe embedder:
 * one index for every strategy, the paper-shaped table, numbers in range, and a question whose
 * gold paragraphs share its words retrieved in full.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RETRIEVAL } from '../../src/core/engine/defaults.ts';
import type { EvalConfig } from '../../src/eval/harness/config.ts';
import { methodLabel } from '../../src/eval/report.ts';
import { PLAIN_METHODS } from '../../src/eval/harness/plain-baselines.ts';
import { runEvaluation } from '../../src/eval/harness/run.ts';
import type { EvalReport } from '../../src/eval/harness/types.ts';
import { loadNodeModels, type NodeModels } from '../../src/models/node.ts';
import { MODELS_DIR } from '../support/paths.ts';
import { PARAGRAPHS, QUESTIONS, writeTinyHotpotqa } from './harness-fixture.ts';

let root: string;
let models: NodeModels;
let report: EvalReport;

/** The label of the app's default configuration, whatever the core chose. */
const DEFAULT_LABEL = methodLabel(DEFAULT_RETRIEVAL.strategy, DEFAULT_RETRIEVAL);
const ASKED = ['naive', 'naive+hybrid', 'c-rag', 'c-rag+hybrid', 'p-rag', 'p-rag+hybrid', 'cap-rag', 'cap-rag+hybrid'];
/** The embedder used plainly over whole documents: rows of every run whose documents fit its window. */
const PLAIN = PLAIN_METHODS.map((m) => m.label);
const isPlain = (label: string) => PLAIN.includes(label);

function config(overrides: Partial<EvalConfig> = {}): EvalConfig {
  return {
    dataset: 'hotpotqa',
    split: 'dev',
    dataDir: root,
    modelsDir: MODELS_DIR,
    hub: false,
    embedder: 'glove-static-en-100d',
    preparse: 'extractive',
    strategies: ['naive', 'c-rag', 'p-rag', 'cap-rag'],
    retrievers: ['dense', 'hybrid'],
    backtracks: ['ranked'],
    hops: [1],
    rerank: [false],
    ks: [1, 2, 5],
    budgets: [100, 800],
    answerKs: [5],
    judges: false,
    chunkTokens: 100,
    seed: 42,
    cacheDir: root,
    maxNewTokens: 64,
    ...overrides,
  };
}

beforeAll(async () => {
  root = await writeTinyHotpotqa();
  models = await loadNodeModels({ modelsDir: MODELS_DIR, embedder: 'glove-static-en-100d' });
  report = await runEvaluation(config(), { models: { embedder: models.embedder } });
});

afterAll(async () => {
  await models?.dispose();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('runEvaluation on a tiny HotpotQA folder', () => {
  it('indexes every document once, with clusters and pre-parsed entries for all strategies', () => {
    expect(report.index.indexes).toBe(1);
    expect(report.index.documents).toBe(Object.keys(PARAGRAPHS).length);
    expect(report.index.chunks).toBeGreaterThanOrEqual(Object.keys(PARAGRAPHS).length);
    expect(report.index.entries.chunk).toBe(report.index.chunks);
    expect(report.index.entries.cluster ?? 0).toBeGreaterThan(0);
    expect((report.index.entries.context ?? 0) + (report.index.entries.summary ?? 0)).toBeGreaterThan(0);
    expect(report.config.index.clustering.scope).toBe('corpus');
  });

  it('prints the baselines, one row per strategy × retriever, the default marked, and the requested columns', () => {
    const table = report.tables.retrieval;
    const lines = table.trim().split('\n');
    const header = lines.find((l) => l.startsWith('| Method'));
    expect(header).toBe('| Method | Recall@1 | Recall@2 | Recall@5 | All-gold@1 | All-gold@2 | All-gold@5 | MRR | nDCG@10 |');
    const methods = lines.filter((l) => l.startsWith('| ') && !l.startsWith('| Method')).map((l) => l.split('|')[1].trim());
    // naive (dense) is a row of its own beside the dense baseline (it also searches named documents); the default joins when not asked
    const expected = [...ASKED, ...(ASKED.includes(DEFAULT_LABEL) ? [] : [DEFAULT_LABEL]), ...PLAIN];
    const labels = methods.map((m) => m.replace(' (default)', ''));
    expect(labels.slice(0, 2)).toEqual(['bm25', 'dense']);
    // the rest in the paper's order of strategies, whatever the default is
    expect([...labels.slice(2)].sort()).toEqual([...expected].sort());
    expect(methods.filter((m) => m.endsWith(' (default)'))).toEqual([`${DEFAULT_LABEL} (default)`]);
    expect(report.config.defaultMethod).toBe(DEFAULT_LABEL);
    expect(report.tables.budget).toContain('| Method | Recall@100t | Recall@800t | All-gold@100t | All-gold@800t | Chunks@100t | Chunks@800t |');
    expect(report.tables.delta).toContain('| Method | Recall@5 | All-gold@5 | nDCG@10 | Recall@100t | Recall@800t |');
  });

  it('keeps every score in [0, 1], counts every question, and flags the baselines and the default', () => {
    expect(report.methods.length).toBe(report.config.methods.length);
    for (const m of report.methods) {
      expect(m.counts).toMatchObject({ questions: QUESTIONS.length, withGold: QUESTIONS.length });
      const values = Object.values(m.retrieval);
      // the plain rows rank whole documents, which are not packed into budgets as chunks are
      expect(values).toHaveLength(3 + 3 + 2 + (isPlain(m.method) ? 0 : 2 + 2));
      for (const v of values) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1);
      }
      expect(m.baseline).toBe(m.method === 'bm25' || m.method === 'dense');
      expect(m.isDefault).toBe(m.method === DEFAULT_LABEL);
    }
    expect(report.methods.find((m) => m.method === 'bm25')).toMatchObject({ strategy: 'naive', retriever: 'lexical', hops: 1 });
  });

  it('stores each method’s difference from the better baseline', () => {
    const [bm25, dense] = ['bm25', 'dense'].map((label) => report.methods.find((m) => m.method === label)!);
    for (const m of report.methods) {
      for (const key of isPlain(m.method) ? ['recall@5', 'ndcg@10'] : ['recall@5', 'ndcg@10', 'recall@800t']) {
        expect(m.deltaVsBestBaseline?.[key]).toBeCloseTo(m.retrieval[key] - Math.max(bm25.retrieval[key], dense.retrieval[key]), 12);
      }
    }
  });

  it('packs the budgets from more chunks than N, with the same M, without changing the metrics at k', async () => {
    expect(report.config.m).toBe(20 * report.config.n);
    expect(report.config.budgetN).toBeGreaterThan(report.config.n);
    expect(report.config.budgetTokenizer).toBe('embedder glove-static-en-100d');
    for (const m of report.methods.filter((m) => !isPlain(m.method))) {
      expect(m.packed?.['100'].mean).toBeGreaterThan(0);
      expect(m.packed?.['800'].mean).toBeGreaterThanOrEqual(m.packed?.['100'].mean ?? Infinity);
    }
    const without = await runEvaluation(config({ budgets: [] }), { models: { embedder: models.embedder } });
    const atK = (r: EvalReport) => r.methods.map((m) => Object.fromEntries(Object.entries(m.retrieval).filter(([key]) => !key.endsWith('t'))));
    expect(atK(without)).toEqual(atK(report));
    expect(without.tables.budget).toBeUndefined();
    expect(without.methods[0].packed).toBeUndefined();
  });

  it('records the fusion weight of the pooled index, when the engine reports one', () => {
    expect(report.fusion).toHaveLength(1);
    expect(report.fusion[0].group).toBeNull();
    const weight = report.fusion[0].weight;
    if (weight !== null) {
      expect(weight.dense).toBeGreaterThanOrEqual(0);
      expect(weight.dense).toBeLessThanOrEqual(1);
    }
  });

  it('retrieves both gold paragraphs of a question that repeats their words', () => {
    const q = report.questions.find((x) => x.id === 'q-violin-bee');
    const hybrid = q?.methods['naive+hybrid'];
    expect(hybrid?.retrieval?.['recall@2']).toBe(1);
    expect(hybrid?.retrieval?.['allGold@2']).toBe(1);
    expect(new Set(hybrid?.ranked.slice(0, 2))).toEqual(new Set(['Violin', 'Honey bee']));
    expect(q?.methods.dense.retrieval?.['recall@5']).toBe(1);
  });

  it('embeds each question once, however many methods ask it', async () => {
    const embed = vi.spyOn(models.embedder, 'embed');
    try {
      const again = await runEvaluation(config(), { models: { embedder: models.embedder } });
      const queryTexts = embed.mock.calls.filter(([, role]) => role === 'query').flatMap(([texts]) => texts);
      expect(queryTexts).toEqual(QUESTIONS.map((q) => q.question));
      // the same numbers as every method embedding on its own
      expect(again.methods.map((m) => m.retrieval)).toEqual(report.methods.map((m) => m.retrieval));
    } finally {
      embed.mockRestore();
    }
  });

  it('runs second-hop rows and counts how often the second hop added chunks', async () => {
    const hops = await runEvaluation(config({ strategies: ['naive'], retrievers: ['hybrid'], hops: [1, 2], budgets: [] }), {
      models: { embedder: models.embedder },
    });
    const labels = hops.methods.map((m) => m.method);
    expect(labels).toContain('naive+hybrid');
    expect(labels).toContain('naive+hybrid+2hop');
    const two = hops.methods.find((m) => m.method === 'naive+hybrid+2hop')!;
    expect(two.hops).toBe(2);
    expect(two.secondHop?.asked).toBe(QUESTIONS.length);
    expect(two.secondHop?.reported).toBeLessThanOrEqual(two.secondHop?.asked ?? 0);
    expect(two.secondHop?.added).toBeLessThanOrEqual(two.secondHop?.reported ?? 0);
    const perQuestion = hops.questions.map((q) => q.methods['naive+hybrid+2hop'].secondHop);
    expect(perQuestion.filter((h) => (h?.added ?? 0) > 0)).toHaveLength(two.secondHop?.added ?? -1);
    expect(hops.methods.find((m) => m.method === 'naive+hybrid')?.secondHop).toBeUndefined();
  });

  it('asks only the first questions with --limit', async () => {
    const limited = await runEvaluation(config({ limit: 1, strategies: ['naive'], retrievers: ['hybrid'] }), { models: { embedder: models.embedder } });
    expect(limited.questions.map((q) => q.id)).toEqual([QUESTIONS[0].id]);
    expect(limited.methods.filter((m) => !m.baseline && !m.isDefault).map((m) => m.method)).toEqual(['naive+hybrid', ...PLAIN]);
  });

  it('ranks the whole documents by the embedder alone and by its plain fusion with BM25, beside the engine', async () => {
    const question = report.questions[0];
    const encoder = question.methods.encoder;
    // every document of the tiny corpus fits the window: one vector each, a ranking of documents
    expect(new Set(encoder.ranked).size).toBe(encoder.ranked.length);
    expect(encoder.ranked.length).toBe(report.config.n);
    const own = await loadNodeModels({ modelsDir: MODELS_DIR, embedder: 'glove-static-en-100d' });
    try {
      // the first document is the one whose whole text the question's vector is nearest
      const titles = Object.keys(PARAGRAPHS);
      const texts = titles.map((t) => `# ${t}\n\n${PARAGRAPHS[t]}`);
      const [q] = await own.embedder.embed([QUESTIONS[0].question], 'query');
      const vectors = await own.embedder.embed(texts, 'passage');
      const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0) / Math.hypot(...a) / Math.hypot(...b);
      const best = titles[vectors.map((v) => cosine(q, v)).reduce((bi, v, i, all) => (v > all[bi] ? i : bi), 0)];
      expect(encoder.ranked[0]).toBe(best);
    } finally {
      await own.dispose();
    }
    expect(question.methods['bm25+encoder'].ranked.length).toBe(report.config.n);
    expect(report.tables.retrieval).toMatch(/^\| encoder \|/m);
  });
});
