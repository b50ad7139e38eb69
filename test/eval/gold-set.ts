import type { GoldGrades } from '../../src/eval/metrics/retrieval.ts';

/** Binary relevance for metric tests: every id has grade 1. */
export function goldSet(ids: Iterable<string>): GoldGrades {
  return new Map([...ids].map((id) => [id, 1] as const));
}
