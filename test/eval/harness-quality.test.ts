/**
 * The per-article protocol of QuALITY: one index per article, each question retrieved from its
 * own article only, and accuracy (also on the hard subset) from one-letter replies.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, Generator } from '../../src/core/ports.ts';
import { DEFAULT_RETRIEVAL } from '../../src/core/engine/defaults.ts';
import { runEvaluation } from '../../src/eval/harness/run.ts';
import { methodLabel } from '../../src/eval/report.ts';
import type { EvalReport } from '../../src/eval/harness/types.ts';
import { loadNodeModels, type NodeModels } from '../../src/models/node.ts';
import { MODELS_DIR } from '../support/paths.ts';

function article(topic: string, sentences: string[]): string {
  // several paragraphs, so the article is cut into more than one chunk
  return Array.from({ length: 6 }, (_, i) => sentences.map((s) => `${s} (${topic}, part ${i + 1}.)`).join(' ')).join('\n\n');
}

function question(id: string, text: string, gold: number, hard?: boolean) {
  return { question_id: id, question: text, options: ['one', 'two', 'three', 'four'], gold_label: gold, ...(hard === undefined ? {} : { difficult: hard ? 1 : 0 }) };
}

const ROWS = [
  {
    article_id: 'sea',
    title: 'The Sea Voyage',
    article: article('sea', ['The captain sailed the old ship across the stormy ocean.', 'Sailors mended the sails while waves crashed on the deck.']),
    questions: [question('sea-1', 'What did the sailors mend?', 2, false), question('sea-2', 'Who sailed the ship?', 2, true)],
  },
  {
    article_id: 'farm',
    title: 'The Farm',
    article: article('farm', ['The farmer planted wheat in the spring fields.', 'Cows grazed near the red barn every afternoon.']),
    questions: [question('farm-1', 'What did the farmer plant?', 2, false), question('farm-2', 'Where did the cows graze?', 3, true)],
  },
];

/** Replies B to everything, so accuracy is the share of questions whose gold letter is B. */
function alwaysB(): Generator & { prompts: ChatMessage[][] } {
  const prompts: ChatMessage[][] = [];
  return {
    id: 'always-b',
    contextTokens: 2048,
    prompts,
    async *stream(messages) {
      prompts.push(messages);
      yield '{"answer": "B"}';
    },
    async countTokens(text) {
      return Math.ceil(text.length / 4);
    },
  };
}

let root: string;
let models: NodeModels;
let report: EvalReport;
let generator: ReturnType<typeof alwaysB>;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'loci-quality-'));
  await mkdir(path.join(root, 'quality'));
  await writeFile(path.join(root, 'quality', 'dev.jsonl'), ROWS.map((r) => JSON.stringify(r)).join('\n'));
  models = await loadNodeModels({ modelsDir: MODELS_DIR, embedder: 'glove-static-en-100d' });
  generator = alwaysB();
  report = await runEvaluation(
    {
      dataset: 'quality',
      split: 'dev',
      dataDir: root,
      modelsDir: MODELS_DIR,
      hub: false,
      embedder: 'glove-static-en-100d',
      llm: 'always-b',
      preparse: 'extractive',
      strategies: ['naive', 'cap-rag'],
      retrievers: ['hybrid'],
      backtracks: ['ranked'],
      hops: [1],
      rerank: [false],
      ks: [1, 2],
      budgets: [64],
      answerKs: [1, 2],
      judges: false,
      chunkTokens: 40,
      seed: 42,
      cacheDir: root,
      maxNewTokens: 32,
    },
    { models: { embedder: models.embedder, generator } },
  );
});

afterAll(async () => {
  await models?.dispose();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('runEvaluation on a QuALITY-shaped folder', () => {
  it('builds one index per article, clustered on its own', () => {
    expect(report.index.indexes).toBe(2);
    expect(report.config.index.clustering.scope).toBe('document');
  });

  it('retrieves each question from its own article only', () => {
    for (const q of report.questions) {
      for (const m of Object.values(q.methods)) expect(new Set(m.ranked)).toEqual(new Set([q.group]));
    }
  });

  it('scores one-letter replies against the gold letter, also on the hard subset', () => {
    // gold letters B, B, B, C: three of four right; hard questions sea-2 (B) and farm-2 (C)
    for (const m of report.methods) {
      expect(m.answers).toEqual({ 'accuracy@1': 0.75, 'accuracy@2': 0.75 });
      expect(m.hardAnswers).toEqual({ 'accuracy@1': 0.5, 'accuracy@2': 0.5 });
      expect(m.retrieval).toEqual({});
    }
    // bm25, dense, naive+hybrid, cap-rag+hybrid and the app's default answer every question at both k
    const asked = ['naive+hybrid', 'cap-rag+hybrid'];
    const defaultLabel = methodLabel(DEFAULT_RETRIEVAL.strategy, DEFAULT_RETRIEVAL);
    const expected = ['bm25', 'dense', ...asked, ...(asked.includes(defaultLabel) ? [] : [defaultLabel])];
    expect([...report.methods.map((m) => m.method)].sort()).toEqual([...expected].sort());
    expect(generator.prompts).toHaveLength(expected.length * 4 * 2);
    expect(generator.prompts[0][1].content).toContain('UNKNOWN');
    expect(report.tables.accuracy).toContain('| Method | Top1 | Top2 |');
    expect(report.tables.accuracyHard).toContain('(hard)');
    expect(report.tables.retrieval).toBeUndefined();
  });

  it('counts the budget tokens with the answering model, and packs without gold too', () => {
    expect(report.config.budgetTokenizer).toBe('llm always-b');
    for (const m of report.methods) {
      expect(m.packed?.['64'].mean).toBeGreaterThan(0);
      expect(m.deltaVsBestBaseline).toBeUndefined();
    }
  });

  it('puts exactly k chunks of the article into the context at Top-k', () => {
    const top1 = generator.prompts[0][1].content;
    const top2 = generator.prompts[1][1].content;
    expect(top1.match(/^\[\d+\] /gmu)).toHaveLength(1);
    expect(top2.match(/^\[\d+\] /gmu)).toHaveLength(2);
  });
});
