/**
 * Retrieval of one question under one method, scored against its gold evidence. The engine returns
 * its chunks best first, the order packing takes them in, which is the order metrics at k read.
 *
 * The token-budget metrics need more chunks than N. They get their own retrieval with a larger n
 * and the same M: M is given explicitly because hybrid fusion normalizes scores over the top-M
 * lists, and the retrieval at N is kept because ranked backtracking and the second hop also read
 * n, so a larger n would change the first N chunks the k metrics and the answers see.
 */
import type { RetrievalResult, RetrievedChunk } from '../../core/types.ts';
import type { EvalQuestion } from '../datasets/types.ts';
import type { GoldCoverage } from '../evidence.ts';
import type { GoldGrades } from '../metrics/retrieval.ts';
import { retrievalScores } from '../scores.ts';
import { budgetScores, type CountTokens } from './budget.ts';
import type { EvalIndex } from './build-index.ts';
import { NDCG_K, type Method } from './config.ts';
import type { QuestionMethodResult } from './types.ts';

/** One question's gold evidence as the metrics read it, prepared once for all methods. */
export interface GoldScoring {
  grades: GoldGrades;
  coverage: GoldCoverage;
}

export interface BudgetSettings {
  /** Context sizes in tokens. */
  tokens: readonly number[];
  /** Chunks retrieved for them. */
  n: number;
  /** Token count of a source block (the answering LLM's, else the embedder's). */
  countTokens: CountTokens;
}

export interface RetrieveSettings {
  /** Original chunks retrieved (the paper's N). */
  n: number;
  /** Candidates per list (the paper's M); the engine's default (20·n) when absent. */
  m?: number;
  ks: readonly number[];
  /** Forces the hybrid fusion's dense share (hybrid methods only). */
  denseWeight?: number;
  /** Recall within token budgets; needs `m`, which the budget retrieval shares. */
  budgets?: BudgetSettings;
  signal?: AbortSignal;
  /** The question's query vector, embedded once for every method. */
  queryVector?: Float32Array;
}

export interface RetrieveOutcome {
  entry: QuestionMethodResult;
  /** The first N chunks, best first. */
  ranked: RetrievedChunk[];
  /** The engine's result of the retrieval at N (fusion weight, second hop). */
  result: RetrievalResult;
  /** Time of the budget retrieval and packing, in milliseconds (0 without budgets). */
  budgetMs: number;
}

async function search(q: EvalQuestion, index: EvalIndex, method: Method, settings: RetrieveSettings, n: number) {
  return index.engine.retrieve(q.question, {
    strategy: method.strategy,
    n,
    ...(settings.m !== undefined ? { m: settings.m } : {}),
    retriever: method.retriever,
    backtrack: method.backtrack,
    hops: method.hops,
    ...(settings.denseWeight !== undefined && method.retriever === 'hybrid' ? { denseWeight: settings.denseWeight } : {}),
    rerank: method.rerank,
    lang: q.lang,
    signal: settings.signal,
    ...(settings.queryVector ? { queryVector: settings.queryVector } : {}),
  });
}

export async function retrieveOne(
  q: EvalQuestion,
  index: EvalIndex,
  method: Method,
  settings: RetrieveSettings,
  gold: GoldScoring | undefined,
): Promise<RetrieveOutcome> {
  const t0 = performance.now();
  const retrieval = await search(q, index, method, settings, settings.n);
  const ms = performance.now() - t0;
  // A cluster hit may overshoot N (paper backtracking adds all its members); metrics look at N
  // chunks, the retrieval the method was asked for, so MRR is MRR@N and matching costs stay bounded.
  const ranked = retrieval.chunks.slice(0, settings.n);
  const entry: QuestionMethodResult = {
    ranked: ranked.map((r) => index.docs.get(r.chunk.docId)?.id ?? r.chunk.docId),
    held: retrieval.chunks.length,
    ms,
  };
  if (gold) {
    const covered = ranked.map((r) => gold.coverage(r.chunk));
    entry.retrieval = retrievalScores(covered, gold.grades, settings.ks, NDCG_K);
    entry.covered = covered;
  }
  const hop = retrieval.result.secondHop;
  if (method.hops === 2 && hop) entry.secondHop = { terms: hop.terms, added: hop.added.length };

  let budgetMs = 0;
  const budgets = settings.budgets;
  if (budgets && budgets.tokens.length > 0) {
    if (settings.m === undefined) throw new Error('the budget retrieval needs M given explicitly, to match the retrieval at N');
    const b0 = performance.now();
    // the same retrieval when it already holds the chunks the budgets need
    const wide = budgets.n === settings.n ? retrieval : await search(q, index, method, settings, budgets.n);
    // all it holds, as the engine packs them: chunks a cluster hit brought past n take their space too
    const outcome = await budgetScores(wide.chunks, budgets.tokens, budgets.countTokens, gold);
    if (gold) Object.assign((entry.retrieval ??= {}), outcome.scores);
    entry.packed = outcome.packed;
    entry.underfilled = outcome.underfilled;
    budgetMs = performance.now() - b0;
  }
  return { entry, ranked, result: retrieval.result, budgetMs };
}
