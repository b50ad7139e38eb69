/**
 * A question that names a year is about that year, and the passages most like it are often the
 * same thing in another year: the 2021 list of a yearly award when the 2022 one is asked for,
 * Miss America 2014 beside 2013, last year's filing. Keyword scores count the year as one word
 * among many, and a year is a common word in a library of dated text, so its weight is small.
 * Among a question's best candidates those that state every year it names are put first, each
 * group in its order: a passage that answers states the year its question names far more often than
 * one that does not ([record](../../../docs/decisions/2026-11-29-named-year-first.md)).
 */

import { yearsIn } from '../text/years.ts';
import { raiseWithin } from './raise-within.ts';

/**
 * The search's best candidate keeps its place, stating the year or not, as with dates
 * (answer-type.ts). A filing's table is cut into chunks and only the one with the header row
 * states the years: moving every candidate pushed FinanceBench's best chunk down, keeping the
 * first in place lost nowhere (docs/decisions/2026-12-07-retrieval-rules-measured.md).
 */
const KEPT_FIRST = 1;

/**
 * The first `window` items reordered so that, after the first, those stating every year the
 * question names come first, each group keeping its order; items past the window stay where they
 * are. Returns the list, the years named (none: the list as it was) and how many items moved
 * ahead of one that does not state them.
 */
export function namedYearFirst<T>(question: string, items: readonly T[], textOf: (item: T) => string, window: number): { items: T[]; years: string[]; moved: number } {
  const years = [...yearsIn(question)];
  if (years.length === 0) return { items: [...items], years, moved: 0 };
  const statesAll = (item: T) => {
    const stated = yearsIn(textOf(item));
    return years.every((y) => stated.has(y));
  };
  return { ...raiseWithin(items, statesAll, window, KEPT_FIRST), years };
}
