/**
 * Every method measured against the better of the two baselines of the same run (bm25 and dense
 * over the same chunks), per metric: a gain that does not beat both is no gain.
 */
import type { MethodResult } from './types.ts';

/** Per metric, the higher of the baselines' values (a metric no baseline has is left out). */
export function bestBaseline(methods: readonly Pick<MethodResult, 'baseline' | 'retrieval'>[]): Record<string, number> {
  const best: Record<string, number> = {};
  for (const m of methods) {
    if (!m.baseline) continue;
    for (const [key, value] of Object.entries(m.retrieval)) {
      if (Number.isNaN(value)) continue;
      if (best[key] === undefined || value > best[key]) best[key] = value;
    }
  }
  return best;
}

/** `values` minus `best` on the keys both have (all retrieval metrics are higher-is-better). */
export function deltaVs(values: Readonly<Record<string, number>>, best: Readonly<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(values)) {
    if (best[key] === undefined || Number.isNaN(value)) continue;
    out[key] = value - best[key];
  }
  return out;
}

/** Sets every method's `deltaVsBestBaseline` (the baselines' own included: 0 for the better one). */
export function addBaselineDeltas(methods: MethodResult[]): void {
  const best = bestBaseline(methods);
  if (Object.keys(best).length === 0) return;
  for (const m of methods) m.deltaVsBestBaseline = deltaVs(m.retrieval, best);
}
