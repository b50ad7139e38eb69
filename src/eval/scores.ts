/**
 * Per-question retrieval scores under the report's column keys, and their means per method, so a
 * runner only collects rankings and hands them here.
 */
import { allGoldAtK, mean, ndcgAtK, recallAtK, reciprocalRank, type Covered, type GoldGrades } from './metrics/retrieval.ts';
import { allGoldKey, MRR_KEY, ndcgKey, recallKey } from './report.ts';

export function retrievalScores(
  ranked: readonly Covered[],
  gold: GoldGrades,
  ks: readonly number[],
  ndcgK = 10,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of ks) {
    out[recallKey(k)] = recallAtK(ranked, gold, k);
    out[allGoldKey(k)] = allGoldAtK(ranked, gold, k);
  }
  out[MRR_KEY] = reciprocalRank(ranked, gold);
  out[ndcgKey(ndcgK)] = ndcgAtK(ranked, gold, ndcgK);
  return out;
}

/** Mean of each key over the questions that have it (NaN values left out, as undefined scores). */
export function meanScores(perQuestion: readonly Readonly<Record<string, number>>[]): Record<string, number> {
  const keys = new Set(perQuestion.flatMap((r) => Object.keys(r)));
  const out: Record<string, number> = {};
  for (const key of keys) {
    out[key] = mean(perQuestion.map((r) => r[key]).filter((v): v is number => v !== undefined && !Number.isNaN(v)));
  }
  return out;
}
