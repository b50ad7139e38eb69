/**
 * `loci eval` as a person runs it: tables on stdout, --json with the configuration and every
 * number, and clear errors for an unknown dataset or a split that is not in the folder.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVAL_HELP, evalCommand, parseEvalArgs } from '../../src/cli/commands/eval.ts';
import { UsageError } from '../../src/cli/options.ts';
import { DEFAULT_RETRIEVAL } from '../../src/core/engine/defaults.ts';
import { methodLabel } from '../../src/eval/report.ts';
import { MODELS_DIR } from '../support/paths.ts';
import { QUESTIONS, writeTinyHotpotqa } from '../eval/harness-fixture.ts';

let root: string;

beforeAll(async () => {
  root = await writeTinyHotpotqa();
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void out.push(args.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void err.push(args.join(' ')));
  return { out, err };
}

const base = () => ['--dataset', 'hotpotqa', '--data', root, '--models', MODELS_DIR, '--embedder', 'glove-static-en-100d', '--quiet'];

describe('loci eval', () => {
  it('prints the table and writes every number with its configuration to --json', async () => {
    const { out } = capture();
    const json = path.join(root, 'out', 'result.json');
    const code = await evalCommand([...base(), '--strategies', 'naive,cap-rag', '--hybrid', 'on', '--k', '5,1', '--budgets', '256,128', '--json', json]);
    expect(code).toBe(0);
    const printed = out.join('\n');
    expect(printed).toContain('| Method | Recall@1 | Recall@5 | All-gold@1 | All-gold@5 | MRR | nDCG@10 |');
    expect(printed).toMatch(/^\| bm25 \|/mu);
    expect(printed).toMatch(/^\| dense \|/mu);
    expect(printed).toMatch(/^\| naive\+hybrid \|/mu);
    expect(printed).toMatch(/^\| cap-rag\+hybrid( \(default\))? \|/mu);
    expect(printed).toContain('| Method | Recall@128t | Recall@256t | All-gold@128t | All-gold@256t | Chunks@128t | Chunks@256t |');
    expect(printed).toContain('| Method | Recall@5 | All-gold@5 | nDCG@10 | Recall@128t | Recall@256t |');

    const defaultLabel = methodLabel(DEFAULT_RETRIEVAL.strategy, DEFAULT_RETRIEVAL);
    // the engine's rows, then the embedder used plainly over whole documents (every paragraph fits its window)
    const methods = ['bm25', 'dense', 'naive+hybrid', 'cap-rag+hybrid', ...(defaultLabel === 'cap-rag+hybrid' ? [] : [defaultLabel]), 'encoder', 'bm25+encoder'];
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report.config).toMatchObject({
      dataset: 'hotpotqa',
      split: 'dev',
      embedder: 'glove-static-en-100d',
      strategies: ['naive', 'cap-rag'],
      retrievers: ['hybrid'],
      backtracks: ['ranked'],
      hops: [1],
      ks: [1, 5],
      budgets: [128, 256],
      n: 10,
      m: 200,
      methods,
      defaultMethod: defaultLabel,
    });
    expect(report.config.index).toMatchObject({ clustering: { scope: 'corpus' }, preparse: { mode: 'extractive' } });
    expect(report.dataset).toMatchObject({ name: 'hotpotqa', documents: 10, questions: QUESTIONS.length, asked: QUESTIONS.length, withGold: 3 });
    expect(report.index.documents).toBe(10);
    expect(report.fusion).toHaveLength(1);
    expect(report.methods.map((m: { method: string }) => m.method)).toEqual(methods);
    expect(report.methods.map((m: { baseline: boolean }) => m.baseline)).toEqual(methods.map((label) => label === 'bm25' || label === 'dense'));
    expect(printed).toMatch(/^\| encoder \|/mu);
    expect(report.methods.filter((m: { isDefault: boolean }) => m.isDefault).map((m: { method: string }) => m.method)).toEqual([defaultLabel]);
    const keys = ['allGold@1', 'allGold@128t', 'allGold@256t', 'allGold@5', 'mrr', 'ndcg@10', 'recall@1', 'recall@128t', 'recall@256t', 'recall@5'];
    expect(Object.keys(report.methods[2].retrieval).sort()).toEqual(keys);
    expect(Object.keys(report.methods[2].deltaVsBestBaseline).sort()).toEqual(keys);
    expect(report.methods[0].retrievalMs.mean).toBeGreaterThan(0);
    expect(report.questions).toHaveLength(QUESTIONS.length);
    expect(report.questions[0].methods['naive+hybrid'].ranked).toHaveLength(10);
    // stdout is the tables of the JSON, retrieval first
    expect(Object.keys(report.tables)).toEqual(['retrieval', 'budget', 'delta', 'intervals']);
    expect(report.tables.intervals).toContain('| Method | Recall@5 | All-gold@5 | nDCG@10 |');
    // every retrieval metric's interval is stored, and holds the mean
    expect(Object.keys(report.methods[2].intervals).sort()).toEqual(keys);
    for (const key of keys) {
      const [low, high] = report.methods[2].intervals[key];
      expect(low).toBeLessThanOrEqual(report.methods[2].retrieval[key]);
      expect(high).toBeGreaterThanOrEqual(report.methods[2].retrieval[key]);
    }
    expect(out[0]).toBe(Object.values(report.tables).join('\n'));
    for (const key of ['loadModelsMs', 'loadDataMs', 'indexMs', 'retrievalMs', 'budgetMs', 'totalMs']) expect(report.timings[key]).toBeGreaterThan(0);
  });

  it('compares with an earlier run question by question (--against), and refuses another dataset before any work', async () => {
    const { out, err } = capture();
    const earlier = path.join(root, 'out', 'result.json');
    const json = path.join(root, 'out', 'again.json');
    const code = await evalCommand([...base(), '--strategies', 'naive', '--hybrid', 'on', '--k', '5', '--budgets', '128', '--against', earlier, '--json', json]);
    expect(code).toBe(0);
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(Object.keys(report.tables).at(-1)).toBe('comparison');
    expect(out[0].trimEnd().endsWith(report.tables.comparison.trimEnd())).toBe(true);
    expect(report.comparison).toMatchObject({ of: 'this run', against: earlier, sharedQuestions: QUESTIONS.length });
    // the same retrieval asked again: every question ties, and the default is compared with the default
    const rows = report.comparison.rows as { method: string; isDefault: boolean; won: number; lost: number; meanDifference: number }[];
    expect(rows.some((r) => r.method === 'naive+hybrid')).toBe(true);
    expect(rows.some((r) => r.isDefault)).toBe(true);
    for (const row of rows) expect(row).toMatchObject({ won: 0, lost: 0, meanDifference: 0 });

    const rgb = path.join(root, 'out', 'rgb.json');
    await writeFile(rgb, JSON.stringify({ ...report, dataset: { ...report.dataset, name: 'rgb' } }));
    // no models there: refused before they are loaded, or the error would be about them
    expect(await evalCommand([...base(), '--models', path.join(root, 'no-models'), '--against', rgb])).toBe(1);
    expect(err).toEqual([`loci eval: ${rgb}: a run on rgb dev, not hotpotqa dev; only runs of one dataset and split can be compared`]);
  });

  it('refuses an unknown dataset, naming the known ones', () => {
    expect(() => parseEvalArgs(['--dataset', 'squad'])).toThrow(UsageError);
    expect(() => parseEvalArgs(['--dataset', 'squad'])).toThrow(/unknown dataset "squad" \(one of quality, hotpotqa, rgb, financebench, msmarco\)/);
    expect(() => parseEvalArgs([])).toThrow(/--dataset is required/);
  });

  it('says which files a missing split needs', async () => {
    const { err } = capture();
    const code = await evalCommand([...base(), '--split', 'test']);
    expect(code).toBe(1);
    expect(err.join('\n')).toContain(`split "test" of hotpotqa needs test_questions.jsonl`);
  });

  it('checks option values before any work', () => {
    expect(() => parseEvalArgs(['--dataset', 'rgb', '--strategies', 'naive,best'])).toThrow(/--strategies must be one of/);
    expect(() => parseEvalArgs(['--dataset', 'rgb', '--k', '0'])).toThrow(/--k must be a whole number ≥ 1/);
    expect(() => parseEvalArgs(['--dataset', 'rgb', '--rerank', 'on'])).toThrow(/--rerank on needs --reranker/);
    expect(() => parseEvalArgs(['--dataset', 'rgb', '--preparse', 'llm'])).toThrow(/--preparse llm needs --llm/);
    expect(() => parseEvalArgs(['--dataset', 'rgb', '--device', 'tpu'])).toThrow(/--device must be one of cpu, cuda/);
    const device = (argv: string[]) => {
      const parsed = parseEvalArgs(argv);
      return parsed === 'help' ? undefined : parsed.config.device;
    };
    expect(device(['--dataset', 'rgb', '--device', 'cuda'])).toBe('cuda');
    expect(device(['--dataset', 'rgb'])).toBe('cpu');
    const out = (argv: string[]) => {
      const parsed = parseEvalArgs(['--dataset', 'rgb', ...argv]);
      return parsed === 'help' ? undefined : parsed.out;
    };
    // --json <file> as the README writes it; --out / -o as the other commands spell a results file
    expect(out(['--json', 'r.json'])).toBe('r.json');
    expect(out(['--out', 'r.json'])).toBe('r.json');
    expect(out(['-o', 'r.json'])).toBe('r.json');
    expect(() => parseEvalArgs(['--dataset', 'rgb', '--json', 'a.json', '--out', 'b.json'])).toThrow(/give one/);
    expect(() => parseEvalArgs(['--dataset', 'rgb', '--limit', 'x'])).toThrow(/--limit must be a whole number ≥ 1/);
    const parsed = parseEvalArgs(['--dataset', 'rgb']);
    if (parsed === 'help') throw new Error('unexpected help');
    expect(parsed.config).toMatchObject({
      embedder: 'tiny-lexical-bert-zh',
      retrievers: ['dense', 'hybrid'],
      backtracks: ['ranked'],
      hops: [1],
      ks: [1, 2, 5, 10],
      budgets: [512, 1024, 2048],
      answerKs: [5],
    });
    expect(parsed.config.denseWeight).toBeUndefined();
  });

  it('reads the backtracking, hops, dense weight and budget lists', () => {
    const config = (argv: string[]) => {
      const parsed = parseEvalArgs(['--dataset', 'hotpotqa', ...argv]);
      if (parsed === 'help') throw new Error('unexpected help');
      return parsed.config;
    };
    expect(config(['--backtrack', 'ranked,paper,ranked', '--hops', '2,1', '--dense-weight', '0.25', '--budgets', '2048,512']).backtracks).toEqual(['ranked', 'paper']);
    expect(config(['--hops', '2,1'])).toMatchObject({ hops: [2, 1] });
    expect(config(['--dense-weight', '0.25'])).toMatchObject({ denseWeight: 0.25 });
    expect(config(['--dense-weight', '0'])).toMatchObject({ denseWeight: 0 });
    expect(config(['--budgets', '2048,512'])).toMatchObject({ budgets: [512, 2048] });
    expect(() => config(['--backtrack', 'all'])).toThrow(/--backtrack must be one of ranked, paper/);
    expect(() => config(['--hops', '3'])).toThrow(/--hops must be one of 1, 2/);
    expect(() => config(['--dense-weight', '1.5'])).toThrow(/--dense-weight must be a number from 0 to 1/);
    expect(() => config(['--dense-weight', ''])).toThrow(/--dense-weight must be a number from 0 to 1/);
    expect(() => config(['--budgets', '0'])).toThrow(/--budgets must be a whole number ≥ 1/);
  });

  it('documents every option it reads', () => {
    for (const option of ['--backtrack', '--hops', '--dense-weight', '--budgets', '--retriever', '--hybrid', '--against']) expect(EVAL_HELP).toContain(option);
  });
});
