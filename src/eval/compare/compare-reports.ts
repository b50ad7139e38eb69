/**
 * Two runs compared question by question: per method pair and metric, the questions won, lost and
 * tied and the mean paired difference with its 95 % bootstrap interval. This is what decides
 * whether a change is kept, so every way of pairing the wrong things is refused by name.
 */
import { BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED } from '../stats/bootstrap.ts';
import { pairedDifference } from '../stats/paired.ts';
import { headlineMetrics } from '../harness/headline.ts';
import type { QuestionResult } from '../harness/types.ts';
import { assertSameDataset, ComparisonError, type ComparableReport } from './load-report.ts';
import { methodPairs, type PairChoice } from './methods.ts';
import type { Comparison, ComparisonRow } from './types.ts';

export interface CompareOptions extends PairChoice {
  /** How the first report is named in the result and in errors: "this run", or its file. */
  of: string;
  /** The second report's file. */
  against: string;
  /** Per-question retrieval keys (default: the headline metrics of the first report). */
  metrics?: readonly string[];
}

const valueOf = (q: QuestionResult | undefined, method: string, metric: string): number | undefined => {
  const v = q?.methods[method]?.retrieval?.[metric];
  return v === undefined || Number.isNaN(v) ? undefined : v;
};

function metricsOf(a: ComparableReport, b: ComparableReport, options: CompareOptions): string[] {
  const keys = (r: ComparableReport) => new Set(r.questions.flatMap((q) => Object.values(q.methods).flatMap((m) => Object.keys(m.retrieval ?? {}))));
  const [mine, theirs] = [keys(a), keys(b)];
  if (options.metrics) {
    for (const [set, file] of [[mine, options.of], [theirs, options.against]] as const) {
      const missing = options.metrics.find((key) => !set.has(key));
      if (missing) throw new ComparisonError(`${file}: no per-question values for "${missing}" (it has ${[...set].join(', ') || 'none'})`);
    }
    return [...options.metrics];
  }
  const multiGold = a.questions.some((q) => q.gold > 1) || b.questions.some((q) => q.gold > 1);
  return headlineMetrics(a.config.ks, multiGold)
    .map((m) => m.key)
    .filter((key) => mine.has(key) && theirs.has(key));
}

/** `a` minus `b`, question by question, on the questions (by id) both asked. */
export function compareReports(a: ComparableReport, b: ComparableReport, options: CompareOptions): Comparison {
  assertSameDataset(b, options.against, a.dataset);
  const theirs = new Map(b.questions.map((q) => [q.id, q]));
  const shared = a.questions.filter((q) => theirs.has(q.id));
  if (shared.length === 0) throw new ComparisonError(`${options.against}: shares no question id with ${options.of}`);
  const pairs = methodPairs(a, options.of, b, options.against, options);
  const metrics = metricsOf(a, b, options);

  const rows: ComparisonRow[] = [];
  for (const pair of pairs) {
    for (const metric of metrics) {
      const values = shared.flatMap((q): [number, number][] => {
        const mine = valueOf(q, pair.method, metric);
        const other = valueOf(theirs.get(q.id), pair.other, metric);
        return mine === undefined || other === undefined ? [] : [[mine, other]];
      });
      const difference = pairedDifference(values);
      if (difference) rows.push({ ...pair, metric, ...difference });
    }
  }
  if (rows.length === 0) throw new ComparisonError(`${options.against}: no retrieval score of a shared question to pair with ${options.of} (no gold evidence, or no method in common)`);
  return {
    of: options.of,
    against: options.against,
    dataset: a.dataset.name,
    split: a.dataset.split,
    embedders: { of: a.config.embedder, against: b.config.embedder },
    sharedQuestions: shared.length,
    resamples: BOOTSTRAP_RESAMPLES,
    seed: BOOTSTRAP_SEED,
    rows,
  };
}
