/**
 * Retrieval of one question under one method, scored against its gold evidence. The engine returns
 * its chunks best first, the order packing takes them in, which is the order metrics at k read.
 */
import type { RetrievedChunk } from '../../core/types.ts';
import type { EvalQuestion } from '../datasets/types.ts';
import type { GoldCoverage } from '../evidence.ts';
import type { GoldGrades } from '../metrics/retrieval.ts';
import { retrievalScores } from '../scores.ts';
import type { EvalIndex } from './build-index.ts';
import { NDCG_K, type Method } from './config.ts';
import type { QuestionMethodResult } from './types.ts';

/** One question's gold evidence as the metrics read it, prepared once for all methods. */
export interface GoldScoring {
  grades: GoldGrades;
  coverage: GoldCoverage;
}

export interface RetrieveSettings {
  /** Original chunks retrieved (the paper's N). */
  n: number;
  m?: number;
  ks: readonly number[];
  signal?: AbortSignal;
  /** The question's query vector, embedded once for every method. */
  queryVector?: Float32Array;
}

export async function retrieveOne(
  q: EvalQuestion,
  index: EvalIndex,
  method: Method,
  settings: RetrieveSettings,
  gold: GoldScoring | undefined,
): Promise<{ entry: QuestionMethodResult; ranked: RetrievedChunk[] }> {
  const t0 = performance.now();
  const retrieval = await index.engine.retrieve(q.question, {
    strategy: method.strategy,
    n: settings.n,
    ...(settings.m !== undefined ? { m: settings.m } : {}),
    retriever: method.retriever,
    rerank: method.rerank,
    lang: q.lang,
    signal: settings.signal,
    ...(settings.queryVector ? { queryVector: settings.queryVector } : {}),
  });
  const ms = performance.now() - t0;
  // A cluster hit may overshoot N (backtracking adds all its members); metrics look at N chunks,
  // the retrieval the method was asked for, so MRR is MRR@N and matching costs stay bounded.
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
  return { entry, ranked };
}
