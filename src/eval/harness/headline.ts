/**
 * The headline retrieval metrics: the ones the interval and comparison tables show, so that a
 * reader is not handed a dozen intervals where three say what matters.
 */
import { allGoldKey, ndcgKey, recallKey } from '../report.ts';
import { NDCG_K } from './config.ts';

export interface Metric {
  /** Key of the per-question and per-method retrieval values. */
  key: string;
  label: string;
}

/** The k of the headline columns: 5 when measured (the usual context), else the largest k. */
export function headlineK(ks: readonly number[]): number {
  return ks.includes(5) ? 5 : Math.max(...ks);
}

/** Recall@k, all-gold@k when some question has several gold items, nDCG@10. */
export function headlineMetrics(ks: readonly number[], multiGold: boolean): Metric[] {
  const k = headlineK(ks);
  return [
    { key: recallKey(k), label: `Recall@${k}` },
    ...(multiGold ? [{ key: allGoldKey(k), label: `All-gold@${k}` }] : []),
    { key: ndcgKey(NDCG_K), label: `nDCG@${NDCG_K}` },
  ];
}

/** A metric key as a column says it: recall@5 → Recall@5, allGold@512t → All-gold@512t, mrr → MRR. */
export function metricLabel(key: string): string {
  const [name, at] = key.split('@');
  const names: Record<string, string> = { recall: 'Recall', allGold: 'All-gold', ndcg: 'nDCG', mrr: 'MRR' };
  const label = Object.hasOwn(names, name) ? names[name] : name;
  return at === undefined ? label : `${label}@${at}`;
}
