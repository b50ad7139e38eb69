/**
 * Recall at a context budget: what the answering model would see if the context held `budget`
 * tokens. The retrieved chunks are packed exactly as the engine packs them (packSources: whole
 * chunks, best first, a chunk that does not fit skipped and a later, smaller one still taken),
 * with the tokens of each source block counted as the prompt would show it. A cluster hit that
 * brings long or many chunks is thereby charged for the space they take, which recall at k chunks
 * does not see.
 */
import { packSources } from '../../core/answer/pack.ts';
import type { RetrievedChunk } from '../../core/types.ts';
import type { GoldCoverage } from '../evidence.ts';
import { allGoldAtK, recallAtK, type GoldGrades } from '../metrics/retrieval.ts';
import { budgetAllGoldKey, budgetRecallKey } from '../report.ts';

export type CountTokens = (text: string) => Promise<number>;

/** The chunks packing takes within `budget` tokens, best first (the order they were taken in). */
export async function packedWithin(ranked: readonly RetrievedChunk[], budget: number, countTokens: CountTokens): Promise<RetrievedChunk[]> {
  const sources = await packSources([...ranked], { budgetTokens: budget, countTokens });
  const taken = new Set(sources.map((s) => s.chunk.id));
  const out: RetrievedChunk[] = [];
  for (const r of ranked) {
    if (taken.delete(r.chunk.id)) out.push(r);
  }
  return out;
}

export interface BudgetOutcome {
  /** `recall@<b>t` and `allGold@<b>t` per budget (with gold evidence only). */
  scores: Record<string, number>;
  /** Chunks packed per budget, keyed by the budget. */
  packed: Record<string, number>;
  /**
   * Budgets that took every retrieved chunk: retrieval, not the budget, may have limited what was
   * packed (too few chunks retrieved, or a corpus smaller than the budget).
   */
  underfilled: number[];
}

/** Packs the ranked chunks within each budget and scores what was packed against the gold. */
export async function budgetScores(
  ranked: readonly RetrievedChunk[],
  budgets: readonly number[],
  countTokens: CountTokens,
  gold?: { grades: GoldGrades; coverage: GoldCoverage },
): Promise<BudgetOutcome> {
  const outcome: BudgetOutcome = { scores: {}, packed: {}, underfilled: [] };
  const distinct = new Set(ranked.map((r) => r.chunk.id)).size;
  for (const budget of budgets) {
    const packed = await packedWithin(ranked, budget, countTokens);
    outcome.packed[String(budget)] = packed.length;
    if (packed.length === distinct) outcome.underfilled.push(budget);
    if (!gold) continue;
    const covered = packed.map((r) => gold.coverage(r.chunk));
    // k = the whole packed list (at least 1: an empty context covers nothing)
    const k = Math.max(1, covered.length);
    outcome.scores[budgetRecallKey(budget)] = recallAtK(covered, gold.grades, k);
    outcome.scores[budgetAllGoldKey(budget)] = allGoldAtK(covered, gold.grades, k);
  }
  return outcome;
}

/**
 * Memoizes a token counter: the same source blocks come back under every method and budget. The
 * memo is dropped whenever it holds `limit` texts, so a long run's memory stays bounded.
 */
export function memoCountTokens(count: CountTokens, limit = 50_000): CountTokens {
  const known = new Map<string, number>();
  return async (text) => {
    let n = known.get(text);
    if (n === undefined) {
      n = await count(text);
      if (known.size >= limit) known.clear();
      known.set(text, n);
    }
    return n;
  };
}
