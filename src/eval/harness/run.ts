/**
 * One evaluation run: load the dataset, index it once, ask every question under every method,
 * score retrieval against the gold evidence and, with an LLM, the answers. Returns the whole
 * report; printing and writing it is the CLI's job.
 */
import type { Progress } from '../../core/ports.ts';
import { asLibraries } from '../datasets/libraries.ts';
import { loadDataset } from '../datasets/load.ts';
import type { EvalQuestion } from '../datasets/types.ts';
import { goldCoverage, goldGrades } from '../evidence.ts';
import type { FusionWeight } from '../../core/types.ts';
import { answerQuestion, type AnswerDeps } from './answers.ts';
import { addBaselineDeltas } from './baselines.ts';
import { memoCountTokens, type CountTokens } from './budget.ts';
import { buildIndexes, type EvalIndex, type EvalModels } from './build-index.ts';
import { budgetChunks, candidatesPerList, chunksPerQuestion, indexSettings, methodsOf, needsClusters, type EvalConfig } from './config.ts';
import { PLAIN_METHODS, plainIndex, plainResults, type PlainIndex } from './plain-baselines.ts';
import { retrieveOne, type GoldScoring, type RetrieveSettings } from './retrieve-one.ts';
import { summarizeMethod } from './summarize.ts';
import { summarizeReport } from './summary.ts';
import { reportTables } from './tables.ts';
import { headlineK } from './headline.ts';
import { libraryRows, type LibraryRow } from './library-table.ts';
import type { EvalReport, MethodResult, QuestionResult } from './types.ts';

/** Indexing progress, then the harness's own stages: retrieving and answering every question. */
export type EvalProgress = Progress | { stage: 'retrieve' | 'answer'; done: number; total: number; item?: string };

export interface RunDeps {
  models: EvalModels;
  onProgress?: (progress: EvalProgress) => void;
  signal?: AbortSignal;
}

export async function runEvaluation(config: EvalConfig, deps: RunDeps): Promise<EvalReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const loaded = await loadDataset(config.dataset, { dataDir: config.dataDir, split: config.split });
  const dataset = config.libraries !== undefined ? asLibraries(loaded, config.libraries) : loaded;
  const loadDataMs = performance.now() - started;
  const asked = config.limit !== undefined ? dataset.questions.slice(0, config.limit) : dataset.questions;
  if (asked.length === 0) throw new Error(`${config.dataset} ${config.split}: no questions to ask`);

  const settings = indexSettings(config, dataset.pooled, dataset.clusterScope);
  const groupOf = (q: EvalQuestion): string | undefined => {
    if (dataset.pooled) return undefined;
    if (q.group === undefined) throw new Error(`question ${q.id} of ${dataset.name} names no document group`);
    return q.group;
  };
  const { indexes, stats } = await buildIndexes(dataset, {
    settings,
    clusters: needsClusters(methodsOf(config)),
    models: deps.models,
    groups: dataset.pooled ? undefined : new Set(asked.map((q) => groupOf(q) as string)),
    onProgress: deps.onProgress,
    signal: deps.signal,
  });
  const indexOf = new Map(indexes.map((ix) => [ix.group, ix]));
  // the embedder used plainly over whole documents, where nearly every document fits its window
  // (ranking only: they answer nothing, so a run without gold evidence has no use for them)
  const plainOf = new Map<EvalIndex, PlainIndex>();
  for (const ix of asked.some((q) => q.gold) ? indexes : []) {
    const plain = await plainIndex(ix, deps.models.embedder, deps.signal);
    if (plain) plainOf.set(ix, plain);
  }
  const plainMethods = plainOf.size > 0 && plainOf.size === indexes.length ? PLAIN_METHODS : [];

  const methods = [...methodsOf(config), ...plainMethods];
  const engineMethods = methods.length - plainMethods.length;
  const n = chunksPerQuestion(config);
  // one M for every retrieval, the budget ones included (what the engine would default to at N)
  const m = candidatesPerList(config, n);
  const budgetN = budgetChunks(config, n);
  const tokenizer = budgetTokenizer(config, deps);
  const retrieveSettings: RetrieveSettings = {
    n,
    m,
    ks: config.ks,
    ...(config.denseWeight !== undefined ? { denseWeight: config.denseWeight } : {}),
    ...(config.budgets.length > 0 ? { budgets: { tokens: config.budgets, n: budgetN, countTokens: tokenizer.count } } : {}),
    signal: deps.signal,
  };
  const answering = answerDeps(config, deps);
  // each index's hybrid weight, from its first hybrid retrieval
  const fusion = new Map<EvalIndex, FusionWeight | null>();
  const times = methods.map(() => ({ retrieve: [] as number[], answer: [] as number[] }));
  const questions: QuestionResult[] = [];

  const stage = answering ? 'answer' : 'retrieve';
  const total = asked.length * engineMethods;
  let done = 0;
  let retrievalMs = 0;
  let budgetMs = 0;
  let answerMs = 0;
  for (const q of asked) {
    const index = indexOf.get(groupOf(q));
    if (!index) throw new Error(`question ${q.id}: its document group "${q.group}" has no index`);
    const gold = goldScoring(q, index);
    const result: QuestionResult = {
      id: q.id,
      ...(q.group !== undefined ? { group: q.group } : {}),
      ...(q.hard !== undefined ? { hard: q.hard } : {}),
      gold: gold?.grades.size ?? 0,
      methods: {},
    };
    questions.push(result);

    // every method reuses the question's vector: embedded once here, timed once
    const t0 = performance.now();
    const [queryVector] = await deps.models.embedder.embed([q.question], 'query', deps.signal);
    const embedMs = performance.now() - t0;
    retrievalMs += embedMs;
    const plain = plainOf.get(index);
    if (plain && gold) {
      const rows = plainResults(plain, index, q.question, queryVector, gold, { n, ks: config.ks, embedMs });
      plainMethods.forEach((method, j) => {
        result.methods[method.label] = rows[method.label];
        times[engineMethods + j].retrieve.push(rows[method.label].ms);
      });
    }
    for (const [j, method] of methods.slice(0, engineMethods).entries()) {
      deps.onProgress?.({ stage, done, total, item: method.label });
      const retrieved = await retrieveOne(q, index, method, { ...retrieveSettings, queryVector }, gold);
      const { entry, ranked } = retrieved;
      if (method.retriever === 'hybrid' && !fusion.has(index)) fusion.set(index, retrieved.result.fusion ?? null);
      retrievalMs += entry.ms;
      budgetMs += retrieved.budgetMs;
      // each method's latency includes the embedding it would pay if it ran alone
      entry.ms += embedMs;
      times[j].retrieve.push(entry.ms);
      if (answering) {
        const a0 = performance.now();
        const answered = await answerQuestion(q, ranked, config.answerKs, answering);
        entry.answers = answered.scores;
        entry.replies = answered.replies;
        const ms = performance.now() - a0;
        times[j].answer.push(ms);
        answerMs += ms;
      }
      result.methods[method.label] = entry;
      done++;
    }
  }
  deps.onProgress?.({ stage, done, total });
  const summaries = methods.map((method, j) => summarizeMethod(method, questions, times[j].retrieve, answering ? times[j].answer : undefined));
  addBaselineDeltas(summaries);

  const fusionOf = indexes.filter((ix) => fusion.has(ix)).map((ix) => ({ group: ix.group ?? null, weight: fusion.get(ix) ?? null }));
  const base = {
    tool: 'loci eval' as const,
    startedAt,
    node: process.version,
    config: {
      ...config,
      n,
      m,
      budgetN,
      budgetTokenizer: tokenizer.id,
      methods: methods.map((method) => method.label),
      defaultMethod: methods.find((method) => method.isDefault)?.label ?? '',
      index: settings,
    },
    dataset: {
      name: dataset.name,
      split: dataset.split,
      pooled: dataset.pooled,
      ...(config.libraries !== undefined ? { libraries: config.libraries } : {}),
      documents: dataset.documents.length,
      questions: dataset.questions.length,
      asked: asked.length,
      withGold: asked.filter((q) => q.gold).length,
      hard: asked.filter((q) => q.hard).length,
    },
    index: stats,
    fusion: fusionOf,
    methods: summaries,
    ...libraryField(summaries, questions, fusionOf, config.ks),
    questions,
    timings: { loadDataMs, indexMs: stats.ms.total, retrievalMs, budgetMs, answerMs, totalMs: performance.now() - started },
  };
  return { ...base, tables: reportTables(summarizeReport(base)) };
}

/** The per-library table's rows, when hybrid rows ran at fixed weights too. */
function libraryField(methods: MethodResult[], questions: QuestionResult[], fusion: EvalReport['fusion'], ks: readonly number[]): { libraries?: LibraryRow[] } {
  const rows = libraryRows({ methods, questions, fusion }, headlineK(ks));
  return rows.length > 0 ? { libraries: rows } : {};
}

function answerDeps(config: EvalConfig, deps: RunDeps): AnswerDeps | undefined {
  if (!config.llm) return undefined;
  const generator = deps.models.generator;
  if (!generator) throw new Error(`--llm ${config.llm} was given but no generator was loaded`);
  return { generator, embedder: deps.models.embedder, judges: config.judges, maxNewTokens: config.maxNewTokens, signal: deps.signal };
}

/** Tokens of the budget metrics: the answering LLM's tokenizer when there is one, else the embedder's. */
function budgetTokenizer(config: EvalConfig, deps: RunDeps): { id: string; count: CountTokens } {
  const generator = config.llm ? deps.models.generator : undefined;
  if (generator) return { id: `llm ${generator.id}`, count: memoCountTokens((text) => generator.countTokens(text)) };
  const { embedder } = deps.models;
  return { id: `embedder ${embedder.id}`, count: memoCountTokens(async (text) => (await embedder.countTokens([text]))[0]) };
}

function goldScoring(q: EvalQuestion, index: EvalIndex): GoldScoring | undefined {
  if (!q.gold) return undefined;
  return { grades: goldGrades(q.gold), coverage: goldCoverage(q.gold, index.docs) };
}
