/**
 * One evaluation run: load the dataset, index it once, ask every question under every method,
 * score retrieval against the gold evidence and, with an LLM, the answers. Returns the whole
 * report; printing and writing it is the CLI's job.
 */
import type { Progress } from '../../core/ports.ts';

/** Indexing progress, then the harness's own stages: retrieving and answering every question. */
export type EvalProgress = Progress | { stage: 'retrieve' | 'answer'; done: number; total: number; item?: string };
import type { RetrievedChunk } from '../../core/types.ts';
import { loadDataset } from '../datasets/load.ts';
import type { EvalQuestion } from '../datasets/types.ts';
import { goldGrades } from '../evidence.ts';
import { answerQuestion, type AnswerDeps } from './answers.ts';
import { buildIndexes, type EvalIndex, type EvalModels } from './build-index.ts';
import { chunksPerQuestion, indexSettings, methodsOf, type EvalConfig, type Method } from './config.ts';
import { rankOrder, scoreRetrieval } from './rank.ts';
import { summarizeMethod } from './summarize.ts';
import { reportTables } from './tables.ts';
import type { EvalReport, QuestionMethodResult, QuestionResult } from './types.ts';

export interface RunDeps {
  models: EvalModels;
  onProgress?: (progress: EvalProgress) => void;
  signal?: AbortSignal;
}

export async function runEvaluation(config: EvalConfig, deps: RunDeps): Promise<EvalReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const dataset = await loadDataset(config.dataset, { dataDir: config.dataDir, split: config.split });
  const loadDataMs = performance.now() - started;
  const asked = config.limit !== undefined ? dataset.questions.slice(0, config.limit) : dataset.questions;
  if (asked.length === 0) throw new Error(`${config.dataset} ${config.split}: no questions to ask`);

  const settings = indexSettings(config, dataset.pooled);
  const groupOf = (q: EvalQuestion): string | undefined => {
    if (dataset.pooled) return undefined;
    if (q.group === undefined) throw new Error(`question ${q.id} of ${dataset.name} names no document group`);
    return q.group;
  };
  const { indexes, stats } = await buildIndexes(dataset, {
    settings,
    models: deps.models,
    groups: dataset.pooled ? undefined : new Set(asked.map((q) => groupOf(q) as string)),
    onProgress: deps.onProgress,
    signal: deps.signal,
  });
  const indexOf = new Map(indexes.map((ix) => [ix.group, ix]));

  const methods = methodsOf(config);
  const n = chunksPerQuestion(config);
  const answering = answerDeps(config, deps);
  const questions: QuestionResult[] = asked.map((q) => ({
    id: q.id,
    ...(q.group !== undefined ? { group: q.group } : {}),
    ...(q.hard !== undefined ? { hard: q.hard } : {}),
    gold: q.gold ? goldGrades(q.gold).size : 0,
    methods: {},
  }));

  const stage = answering ? 'answer' : 'retrieve';
  const total = asked.length * methods.length;
  let done = 0;
  let retrievalMs = 0;
  let answerMs = 0;
  const summaries = [];
  for (const method of methods) {
    const retrieveTimes: number[] = [];
    const answerTimes: number[] = [];
    for (const [i, q] of asked.entries()) {
      deps.onProgress?.({ stage, done, total, item: method.label });
      const index = indexOf.get(groupOf(q));
      if (!index) throw new Error(`question ${q.id}: its document group "${q.group}" has no index`);
      const { entry, ranked } = await retrieveOne(q, index, method, config, n, deps.signal);
      retrieveTimes.push(entry.ms);
      if (answering) {
        const t0 = performance.now();
        const answered = await answerQuestion(q, ranked, config.answerKs, answering);
        entry.answers = answered.scores;
        entry.replies = answered.replies;
        answerTimes.push(performance.now() - t0);
      }
      questions[i].methods[method.label] = entry;
      done++;
    }
    retrievalMs += retrieveTimes.reduce((a, b) => a + b, 0);
    answerMs += answerTimes.reduce((a, b) => a + b, 0);
    summaries.push(summarizeMethod(method, questions, retrieveTimes, answering ? answerTimes : undefined));
  }
  deps.onProgress?.({ stage, done, total });

  const base = {
    tool: 'loci eval' as const,
    startedAt,
    node: process.version,
    config: { ...config, n, methods: methods.map((m) => m.label), index: settings },
    dataset: {
      name: dataset.name,
      split: dataset.split,
      pooled: dataset.pooled,
      documents: dataset.documents.length,
      questions: dataset.questions.length,
      asked: asked.length,
      withGold: asked.filter((q) => q.gold).length,
      hard: asked.filter((q) => q.hard).length,
    },
    index: stats,
    methods: summaries,
    questions,
    timings: { loadDataMs, indexMs: stats.ms.total, retrievalMs, answerMs, totalMs: performance.now() - started },
  };
  return { ...base, tables: reportTables(base) };
}

function answerDeps(config: EvalConfig, deps: RunDeps): AnswerDeps | undefined {
  if (!config.llm) return undefined;
  const generator = deps.models.generator;
  if (!generator) throw new Error(`--llm ${config.llm} was given but no generator was loaded`);
  return { generator, embedder: deps.models.embedder, judges: config.judges, maxNewTokens: config.maxNewTokens, signal: deps.signal };
}

async function retrieveOne(
  q: EvalQuestion,
  index: EvalIndex,
  method: Method,
  config: EvalConfig,
  n: number,
  signal: AbortSignal | undefined,
): Promise<{ entry: QuestionMethodResult; ranked: RetrievedChunk[] }> {
  const t0 = performance.now();
  const retrieval = await index.engine.retrieve(q.question, {
    strategy: method.strategy,
    n,
    ...(config.m !== undefined ? { m: config.m } : {}),
    hybrid: method.hybrid,
    rerank: method.rerank,
    lang: q.lang,
    signal,
  });
  const ms = performance.now() - t0;
  // A cluster hit may overshoot N (backtracking adds all its members); metrics look at N chunks,
  // the retrieval the method was asked for, so MRR is MRR@N and matching costs stay bounded.
  const ranked = rankOrder(retrieval.chunks, method.rerank).slice(0, n);
  const entry: QuestionMethodResult = {
    ranked: ranked.map((r) => index.docs.get(r.chunk.docId)?.id ?? r.chunk.docId),
    held: retrieval.chunks.length,
    ms,
  };
  if (q.gold) {
    const scored = scoreRetrieval(ranked, index.docs, q.gold, config.ks);
    entry.retrieval = scored.scores;
    entry.covered = scored.covered;
  }
  return { entry, ranked };
}
