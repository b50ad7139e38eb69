/**
 * The bootstrap intervals of a mean over questions: they hold the mean, narrow as questions are
 * added, repeat exactly for a seed, and reach the report's tables, computed again for a report
 * written before intervals were stored.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/core/util/random.ts';
import { bootstrapInterval, quantile } from '../../src/eval/stats/bootstrap.ts';
import { intervalsOf, metricIntervals } from '../../src/eval/harness/intervals.ts';
import { summarizeReport } from '../../src/eval/harness/summary.ts';
import { reportTables } from '../../src/eval/harness/tables.ts';
import type { EvalReport } from '../../src/eval/harness/types.ts';
import { handMadeReport } from './comparison-fixture.ts';

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
/** n recall-like values: a share of misses, halves and hits drawn with a seed. */
function scores(n: number, seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => [0, 0.5, 1][Math.floor(random() * 3)]);
}

describe('bootstrapInterval', () => {
  it('holds the mean, inside the range of the values', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const values = scores(30, seed);
      const [low, high] = bootstrapInterval(values) ?? [NaN, NaN];
      expect(low).toBeLessThan(mean(values));
      expect(high).toBeGreaterThan(mean(values));
      expect(low).toBeGreaterThanOrEqual(Math.min(...values));
      expect(high).toBeLessThanOrEqual(Math.max(...values));
    }
  });

  it('narrows with more questions of the same kind', () => {
    const width = (n: number) => {
      const [low, high] = bootstrapInterval(scores(n, 7)) ?? [0, 0];
      return high - low;
    };
    expect(width(120)).toBeLessThan(width(30) * 0.7);
    expect(width(480)).toBeLessThan(width(120) * 0.7);
  });

  it('repeats exactly for a seed, and moves with another', () => {
    const values = scores(25, 9);
    expect(bootstrapInterval(values)).toEqual(bootstrapInterval([...values]));
    expect(bootstrapInterval(values, { seed: 1 })).not.toEqual(bootstrapInterval(values, { seed: 2 }));
  });

  it('is a point for identical values, and nothing for none', () => {
    expect(bootstrapInterval([0.5, 0.5, 0.5])).toEqual([0.5, 0.5]);
    expect(bootstrapInterval([])).toBeUndefined();
  });

  it('interpolates quantiles between neighbours', () => {
    expect(quantile([0, 1, 2, 3, 4], 0.5)).toBe(2);
    expect(quantile([0, 10], 0.25)).toBe(2.5);
    expect(quantile([0, 10], 1)).toBe(10);
  });
});

describe('intervals per method', () => {
  it('leaves out NaN and metrics no question has', () => {
    const intervals = metricIntervals([{ 'recall@5': 1, 'allGold@5': NaN }, { 'recall@5': 0, 'allGold@5': NaN }]);
    expect(Object.keys(intervals)).toEqual(['recall@5']);
  });

  it('keeps stored intervals and computes missing ones from the questions', () => {
    const report = handMadeReport({ methods: { a: [1, 0, 1, 1] }, defaultMethod: 'a' });
    expect(intervalsOf({ method: 'a', intervals: { 'recall@5': [0.1, 0.2] } }, report.questions)).toEqual({ 'recall@5': [0.1, 0.2] });
    expect(intervalsOf({ method: 'a' }, report.questions)['recall@5']).toEqual(bootstrapInterval([1, 0, 1, 1]));
  });

  it('prints a compact table of the headline metrics, for a report without stored intervals too', () => {
    const made = handMadeReport({ methods: { a: [1, 0, 1, 1], b: [0.5, 0.5, 0.5, 0.5] }, defaultMethod: 'a' });
    const unrendered: Omit<EvalReport, 'tables'> = {
      ...made,
      methods: made.methods.map((m) => ({ ...m, retrieval: { 'recall@5': m.method === 'a' ? 0.75 : 0.5, 'ndcg@10': m.method === 'a' ? 0.375 : 0.25 } })),
      tool: 'loci eval',
      startedAt: '2026-01-01T00:00:00.000Z',
      node: 'v22',
      index: { indexes: 1, documents: 1, failedFiles: [], chunks: 4, clusters: 0, raptorNodes: 0, entries: {}, preparse: { done: 0, failed: 0 }, bytes: 0, ms: {} },
      fusion: [],
      timings: { loadDataMs: 1, indexMs: 1, retrievalMs: 1, budgetMs: 0, answerMs: 0, totalMs: 2 },
    };
    const summary = summarizeReport(unrendered);
    // the summary carries the intervals it computed: the page drawn from it needs no question
    expect(summary.methods.find((m) => m.method === 'a')?.intervals?.['recall@5']).toEqual(bootstrapInterval([1, 0, 1, 1]));
    expect(summary).not.toHaveProperty('questions');
    const table = reportTables(summary).intervals;
    expect(table).toMatch(/^95 % intervals, hotpotqa dev \(embedder e, pre-parse extractive\): .*2,000 resamples/);
    expect(table).toContain('| Method | Recall@5 | nDCG@10 |');
    const [low, high] = (bootstrapInterval([1, 0, 1, 1]) ?? []).map((v) => (v * 100).toFixed(1));
    expect(table).toContain(`| a (default) | 75.0 [${low}, ${high}] |`);
    expect(table).toContain('| b | 50.0 [50.0, 50.0] | 25.0 [25.0, 25.0] |');
  });
});
