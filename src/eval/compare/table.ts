/**
 * A comparison as a markdown table: a row per method pair and metric, with a reading of its
 * interval, so the keep rule can be applied by eye.
 */
import { formatPointsDelta } from '../report.ts';
import { metricLabel } from '../harness/headline.ts';
import { DEFAULT_METHOD } from './methods.ts';
import type { Comparison, ComparisonRow } from './types.ts';

function methodCell(row: ComparisonRow): string {
  if (row.method !== row.other) return `${row.isDefault ? `${DEFAULT_METHOD}: ` : ''}${row.method} vs ${row.other}`;
  return row.isDefault ? `${row.method} (default)` : row.method;
}

/** "better" when the whole interval is above zero, "worse" when below, else "–" (it holds zero). */
export function reading(row: Pick<ComparisonRow, 'interval'>): 'better' | 'worse' | '–' {
  if (row.interval[0] > 0) return 'better';
  if (row.interval[1] < 0) return 'worse';
  return '–';
}

export function comparisonTable(c: Comparison): string {
  const embedders = c.embedders.of === c.embedders.against ? `embedder ${c.embedders.of}` : `embedders ${c.embedders.of} and ${c.embedders.against}`;
  // one file: two of its methods, each row's first minus its second
  const what = c.of === c.against ? `${c.of}, each row's first method minus its second` : `${c.of} minus ${c.against}`;
  const caption =
    `Paired comparison, ${c.dataset} ${c.split}: ${what} (${embedders}), question by question over the ` +
    `${c.sharedQuestions} questions both asked; Δ: mean difference in points, with its 95 % interval ` +
    `(percentile bootstrap over questions, ${c.resamples.toLocaleString('en-US')} resamples, seed ${c.seed}).`;
  const lines = [
    '| Method | Metric | Questions | Won | Lost | Tied | Δ | 95 % interval | Reading |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|',
    ...c.rows.map((r) =>
      `| ${[methodCell(r), metricLabel(r.metric), r.questions, r.won, r.lost, r.tied, formatPointsDelta(r.meanDifference), `[${formatPointsDelta(r.interval[0])}, ${formatPointsDelta(r.interval[1])}]`, reading(r)].join(' | ')} |`,
    ),
  ];
  const note = 'better: the interval is above zero; worse: below zero; –: it holds zero. A change is kept when an interval is above zero somewhere and below zero nowhere, with every embedder.';
  return `${caption}\n\n${lines.join('\n')}\n\n${note}\n`;
}
