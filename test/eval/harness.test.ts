/**
 * The evaluation runner end to end on a tiny HotpotQA-shaped folder with the real GloVe embedder:
 * one index for every strategy, the paper-shaped table, numbers in range, and a question whose
 * gold paragraphs share its words retrieved in full.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EvalConfig } from '../../src/eval/harness/config.ts';
import { runEvaluation } from '../../src/eval/harness/run.ts';
import type { EvalReport } from '../../src/eval/harness/types.ts';
import { loadNodeModels, type NodeModels } from '../../src/models/node.ts';
import { MODELS_DIR } from '../support/paths.ts';
import { PARAGRAPHS, QUESTIONS, writeTinyHotpotqa } from './harness-fixture.ts';

let root: string;
let models: NodeModels;
let report: EvalReport;

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
    rerank: [false],
    ks: [1, 2, 5],
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

  it('prints one row per strategy × hybrid and the requested columns', () => {
    const table = report.tables.retrieval;
    const lines = table.trim().split('\n');
    const header = lines.find((l) => l.startsWith('| Method'));
    expect(header).toBe('| Method | Recall@1 | Recall@2 | Recall@5 | All-gold@1 | All-gold@2 | All-gold@5 | MRR | nDCG@10 |');
    const methods = lines.filter((l) => l.startsWith('| ') && !l.startsWith('| Method')).map((l) => l.split('|')[1].trim());
    expect(methods).toEqual(['naive', 'naive+hybrid', 'c-rag', 'c-rag+hybrid', 'p-rag', 'p-rag+hybrid', 'cap-rag', 'cap-rag+hybrid']);
  });

  it('keeps every score in [0, 1] and counts every question', () => {
    expect(report.methods).toHaveLength(8);
    for (const m of report.methods) {
      expect(m.counts).toMatchObject({ questions: QUESTIONS.length, withGold: QUESTIONS.length });
      const values = Object.values(m.retrieval);
      expect(values).toHaveLength(3 + 3 + 2);
      for (const v of values) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1);
      }
    }
  });

  it('retrieves both gold paragraphs of a question that repeats their words', () => {
    const q = report.questions.find((x) => x.id === 'q-violin-bee');
    const hybrid = q?.methods['naive+hybrid'];
    expect(hybrid?.retrieval?.['recall@2']).toBe(1);
    expect(hybrid?.retrieval?.['allGold@2']).toBe(1);
    expect(new Set(hybrid?.ranked.slice(0, 2))).toEqual(new Set(['Violin', 'Honey bee']));
    expect(q?.methods.naive.retrieval?.['recall@5']).toBe(1);
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

  it('asks only the first questions with --limit', async () => {
    const limited = await runEvaluation(config({ limit: 1, strategies: ['naive'], retrievers: ['hybrid'] }), { models: { embedder: models.embedder } });
    expect(limited.questions.map((q) => q.id)).toEqual([QUESTIONS[0].id]);
    expect(limited.methods.map((m) => m.method)).toEqual(['naive+hybrid']);
    // no strategy searches clusters or pre-parsed entries, so none are built
    expect(limited.index.entries).toEqual({ chunk: limited.index.chunks });
  });
});
