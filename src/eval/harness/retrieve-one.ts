/**
 * Retrieval of one question under one method, scored against its gold evidence. The engine returns
 * its chunks best first, the order packing takes them in, which is the order metrics at k read.
 *
 * The token-budget metrics need more chunks than N, so the retrieval asks for as many as they
 * need; its first N chunks are exactly what a retrieval of N would give (asking for more chunks
 * only adds chunks), provided M stays the same: M is given explicitly, because hybrid fusion
 * normalizes scores over the top-M lists and M would otherwise follow n.
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
  /** Recall within token budgets; needs `m` (see above). */
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
  /** Time of the budget packing, in milliseconds (0 without budgets). */
  budgetMs: number;
}

async function search(q: EvalQuestion, index: EvalIndex, method: Method, settings: RetrieveSettings, n: number) {
  return index.engine.retrieve(q.question, {
    strategy: method.strategy,
    n,
    ...(settings.m !== undefined ? { m: settings.m } : {}),
    retriever: method.retriever,
    backtrack: method.backtrack,
    // the baselines are BM25 and the embedding as they come: what naming documents adds is Loci's
    namedDocuments: method.named,
    // nor do they put first the passages stating the year a question names, or a date it asks for
    dates: !method.baseline,
    years: !method.baseline,
    hops: method.hops,
    ...(method.retriever === 'hybrid' && (method.denseWeight ?? settings.denseWeight) !== undefined
      ? { denseWeight: method.denseWeight ?? settings.denseWeight }
      : {}),
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
  const budgets = settings.budgets && settings.budgets.tokens.length > 0 ? settings.budgets : undefined;
  if (budgets && settings.m === undefined) throw new Error('the budget metrics need M given explicitly, so that the first N chunks do not change');
  const t0 = performance.now();
  const retrieval = await search(q, index, method, settings, Math.max(settings.n, budgets?.n ?? 0));
  const ms = performance.now() - t0;
  // Metrics look at N chunks, the retrieval the method was asked for, so MRR is MRR@N and
  // matching costs stay bounded.
  const ranked = retrieval.chunks.slice(0, settings.n);
  const entry: QuestionMethodResult = {
    ranked: ranked.map((r) => index.docs.get(r.chunk.docId)?.id ?? r.chunk.docId),
    held: heldAtN(retrieval.chunks, settings.n),
    ms,
  };
  if (gold) {
    const covered = ranked.map((r) => gold.coverage(r.chunk));
    entry.retrieval = retrievalScores(covered, gold.grades, settings.ks, NDCG_K);
    entry.covered = covered;
  }
  const hop = retrieval.result.secondHop;
  if (method.hops === 2 && hop) {
    entry.secondHop = { terms: hop.terms, added: ranked.filter((r) => r.via === 'hop').length };
  }

  let budgetMs = 0;
  if (budgets) {
    const b0 = performance.now();
    // all it holds, as the engine packs them: chunks a cluster hit brought past n take their space too
    const outcome = await budgetScores(retrieval.chunks, budgets.tokens, budgets.countTokens, gold);
    if (gold) Object.assign((entry.retrieval ??= {}), outcome.scores);
    entry.packed = outcome.packed;
    entry.underfilled = outcome.underfilled;
    budgetMs = performance.now() - b0;
  }
  return { entry, ranked, result: retrieval.result, budgetMs };
}

/**
 * Chunks a retrieval of N would have held: the N-th chunk and every chunk the same candidate
 * brought in with it (a cluster hit may overshoot N). A chunk that came in after the candidates ran
 * out (ranked backtracking filling up to N) carries an earlier candidate's rank and overshoots nothing.
 */
function heldAtN(chunks: readonly RetrievedChunk[], n: number): number {
  const last = chunks[Math.min(n, chunks.length) - 1];
  if (!last) return 0;
  const walked = chunks.slice(0, n).reduce((max, c) => Math.max(max, c.firstRank), 0);
  if (last.firstRank < walked) return Math.min(n, chunks.length);
  let held = n;
  while (held < chunks.length && chunks[held].firstRank === last.firstRank && chunks[held].via === last.via) held++;
  return Math.min(held, chunks.length);
}
