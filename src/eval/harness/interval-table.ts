/**
 * The interval table: per method, each headline metric's mean with its 95 % bootstrap interval,
 * kept apart from the other tables so they stay one number a cell.
 */
import type { Column } from '../report.ts';
import { BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED } from '../stats/bootstrap.ts';
import type { Metric } from './headline.ts';
import type { MethodResult } from './types.ts';

const LOW = ' low';
const HIGH = ' high';

/**
 * A row's values: each metric's mean, and its interval's ends under the metric's key + " low" /
 * " high"; the intervals are the method's own (a summary always has them, see summary.ts).
 */
export function intervalValues(m: MethodResult, metrics: readonly Metric[]): Record<string, number> | undefined {
  const intervals = m.intervals ?? {};
  const values: Record<string, number> = {};
  for (const { key } of metrics) {
    const interval = intervals[key];
    if (!interval || m.retrieval[key] === undefined) continue;
    values[key] = m.retrieval[key];
    values[key + LOW] = interval[0];
    values[key + HIGH] = interval[1];
  }
  return Object.keys(values).length > 0 ? values : undefined;
}

// one decimal: the interval is several points wide, a second decimal would only be noise
const percent = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '–' : (v * 100).toFixed(1));

/** One column a metric: "81.2 [76.0, 86.1]". */
export function intervalColumns(metrics: readonly Metric[]): Column[] {
  return metrics.map(({ key, label }) => ({
    key,
    label,
    cell: (values) => (values[key] === undefined ? '–' : `${percent(values[key])} [${percent(values[key + LOW])}, ${percent(values[key + HIGH])}]`),
  }));
}

export function intervalCaption(title: string, models: string, withGold: number): string {
  return (
    `95 % intervals, ${title} (${models}): each mean with its 95 % interval, a percentile bootstrap over the ${withGold} questions ` +
    `with gold evidence (${BOOTSTRAP_RESAMPLES.toLocaleString('en-US')} resamples, seed ${BOOTSTRAP_SEED}); %.`
  );
}
