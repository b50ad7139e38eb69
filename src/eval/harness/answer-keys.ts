/** Column keys and labels of the answer metrics (values in [0, 1]; answer relevance is a cosine). */
import type { Column } from '../report.ts';

export const ANSWER_METRICS = ['em', 'f1', 'contains', 'notFound', 'faithfulness', 'answerRelevance', 'contextRelevance'] as const;
export type AnswerMetric = (typeof ANSWER_METRICS)[number];

const LABELS: Record<AnswerMetric, string> = {
  em: 'EM',
  f1: 'F1',
  contains: 'Contains',
  notFound: 'Not found',
  faithfulness: 'Faithful',
  answerRelevance: 'Ans. rel.',
  contextRelevance: 'Ctx. rel.',
};

export function answerKey(metric: AnswerMetric, k: number): string {
  return `${metric}@${k}`;
}

/** Columns for the metrics that have values, each at every k (Top-k context). */
export function freeFormColumns(ks: readonly number[], metrics: readonly AnswerMetric[]): Column[] {
  return metrics.flatMap((metric) => ks.map((k) => ({ key: answerKey(metric, k), label: `${LABELS[metric]}@Top${k}` })));
}
