/**
 * A run's summary: every number its tables print (means, deltas, intervals, packing, timings of the
 * run as a whole) without the per-question results. Summaries are what docs/results keeps in git;
 * the full `loci eval --json` runs, which `loci compare` reads question by question, stay outside
 * it (eval-runs/), because they are most of the repository's bytes and no page reads them.
 */
import { headlineMetrics } from './headline.ts';
import { intervalsOf } from './intervals.ts';
import type { EvalReport, MethodResult } from './types.ts';

export const SUMMARY_TOOL = 'loci eval summary';

export interface EvalSummary extends Omit<EvalReport, 'tool' | 'questions' | 'tables' | 'comparison'> {
  tool: typeof SUMMARY_TOOL;
  /** Whether some question had several gold items: the tables then add All-gold columns. */
  multiGold: boolean;
  /** Each method's intervals are always present here, computed from the questions when the run had not stored them. */
  methods: MethodResult[];
}

/** The summary of a run (rendered or not): the questions are read once, for the intervals and multiGold. */
export function summarizeReport(report: Omit<EvalReport, 'tables'> & { tables?: EvalReport['tables'] }): EvalSummary {
  const { questions, comparison: _comparison, tables: _tables, tool: _tool, ...rest } = report;
  const multiGold = questions.some((q) => q.gold > 1);
  // the pages print the headline metrics' intervals only; the full run keeps every one
  const headline = new Set(headlineMetrics(report.config.ks, multiGold).map((metric) => metric.key));
  return {
    tool: SUMMARY_TOOL,
    ...rest,
    multiGold,
    methods: report.methods.map((m) => {
      const intervals = Object.fromEntries(Object.entries(intervalsOf(m, questions)).filter(([key]) => headline.has(key)));
      return Object.keys(intervals).length > 0 ? { ...m, intervals } : m;
    }),
  };
}
