/**
 * Each retrieval metric's 95 % interval for one method: a percentile bootstrap of its mean over the
 * questions, so a table can say how much of a gap between two rows the questions alone could make.
 */
import { bootstrapInterval, type Interval } from '../stats/bootstrap.ts';
import type { MethodResult, QuestionResult } from './types.ts';

/** Per key, the interval of the mean over the questions that have a value (NaN left out, as meanScores does). */
export function metricIntervals(perQuestion: readonly Readonly<Record<string, number>>[]): Record<string, Interval> {
  const keys = new Set(perQuestion.flatMap((r) => Object.keys(r)));
  const out: Record<string, Interval> = {};
  for (const key of keys) {
    const values = perQuestion.map((r) => r[key]).filter((v): v is number => v !== undefined && !Number.isNaN(v));
    const interval = bootstrapInterval(values);
    if (interval) out[key] = interval;
  }
  return out;
}

/** A method's stored intervals, or, for a report written before they were stored, computed from its questions. */
export function intervalsOf(method: Pick<MethodResult, 'method' | 'intervals'>, questions: readonly QuestionResult[]): Record<string, Interval> {
  if (method.intervals) return method.intervals;
  return metricIntervals(questions.flatMap((q) => {
    const retrieval = q.methods[method.method]?.retrieval;
    return retrieval ? [retrieval] : [];
  }));
}
