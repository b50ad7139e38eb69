/**
 * Retrieval metrics of one question under one method. The engine returns its chunks in document
 * order (what the answering model reads); metrics at k need them in the order retrieval found
 * them, so they are re-sorted by the rank of the candidate that first brought each one in.
 */
import type { RetrievedChunk } from '../../core/types.ts';
import type { EvalDocument, GoldEvidence } from '../datasets/types.ts';
import { goldGrades, rankedCoverage } from '../evidence.ts';
import { retrievalScores } from '../scores.ts';
import { NDCG_K } from './config.ts';

/**
 * Best first. Reranked chunks already are; otherwise by first rank, and the members one cluster
 * hit brought in together keep document order among themselves (a stable sort of document order).
 */
export function rankOrder(chunks: readonly RetrievedChunk[], reranked: boolean): RetrievedChunk[] {
  if (reranked) return [...chunks];
  return [...chunks].sort((a, b) => a.firstRank - b.firstRank);
}

export interface RetrievalOutcome {
  scores: Record<string, number>;
  /** Gold ids each ranked chunk covers, best first. */
  covered: string[][];
}

export function scoreRetrieval(
  ranked: readonly RetrievedChunk[],
  docs: ReadonlyMap<string, EvalDocument>,
  gold: GoldEvidence,
  ks: readonly number[],
): RetrievalOutcome {
  const covered = rankedCoverage(
    ranked.map((r) => r.chunk),
    docs,
    gold,
  );
  return { scores: retrievalScores(covered, goldGrades(gold), ks, NDCG_K), covered };
}
