/**
 * A question that asks when is answered by a passage that states a date, and the passages that
 * only share its topic often state none: of RGB dev's 32 questions asking for a time (时间, 日期,
 * 什么时候), every positive passage gives a day or a month and a day, against about a quarter of the
 * negatives, which share the question's words as much. Keyword and embedding scores cannot see
 * that, so among a question's best candidates those that state a date it does not already contain
 * are put first, each group in its order.
 */
import type { Lang } from '../types.ts';
import { raiseWithin } from './raise-within.ts';

/**
 * Words that ask for a time, in the languages the library reads. A question asking only for a year
 * is not one: nearly every passage states some year, so it would sort nothing out ("Which year was
 * the more recent engine series, the Honda K or Honda H, introduced?": the Honda H passage gives
 * years only, and passages with days went ahead of it: docs/decisions/2026-11-28-dates-first-for-when-questions.md).
 */
const ASKS_WHEN = /时间|日期|什么时候|何时|哪天|哪一天|几月|几号|^\s*when\b|\b(?:what|which) (?:date|day|month)\b/i;

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const HAN_NUMBER = '[〇零一二三四五六七八九十]{1,3}';
const NUMERIC = ['\\b\\d{4}[-/.]\\d{1,2}[-/.]\\d{1,2}\\b'];

/**
 * Date mentions as each language writes them; a passage is read in the question's language, since
 * that is the language of the answer wanted. A year alone is never one: it dates the topic more
 * often than the event ("2022年考研"). In Chinese: a month of a year, or a day of a month (the day
 * in digits or Chinese numerals). In English: a month with a day or a year, or a day with a month.
 * Both: a numeric year-month-day. (RGB's Chinese passages often begin with the English date of the
 * web page they were cut from, "Mar 21, 2023 ...", positive or not: read as Chinese, they are not
 * dates.)
 */
const DATES: Record<Lang, RegExp> = {
  zh: new RegExp(
    [
      '\\d{4}\\s*年\\s*\\d{1,2}\\s*月(?:\\s*\\d{1,2}\\s*[日号])?',
      `(?:\\d{1,2}|${HAN_NUMBER})\\s*月\\s*(?:\\d{1,2}|${HAN_NUMBER})\\s*[日号]`,
      ...NUMERIC,
    ].join('|'),
    'g',
  ),
  en: new RegExp(
    [
      `\\b(?:${MONTHS})\\s+\\d{1,2}(?:st|nd|rd|th)?\\b(?:,?\\s+\\d{4})?`,
      `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${MONTHS})\\b(?:\\s+\\d{4})?`,
      `\\b(?:${MONTHS})\\s+\\d{4}\\b`,
      ...NUMERIC,
    ].join('|'),
    'gi',
  ),
  // other languages' month names are not known here: only the numeric form
  other: new RegExp(NUMERIC.join('|'), 'g'),
};

/** Whether the question asks when something happened or will. */
export function asksWhen(question: string): boolean {
  return ASKS_WHEN.test(question);
}

/** The date mentions of a text written in `lang`, spaces removed and lower-cased, so that "12 月 25 日" and "12月25日" are one. */
export function datesIn(text: string, lang: Lang): string[] {
  return [...text.matchAll(DATES[lang])].map(([mention]) => mention.replace(/\s+/g, '').toLowerCase());
}

/** Whether a passage states a date the question does not already give (a question's own year answers nothing). */
export function statesNewDate(text: string, lang: Lang, questionDates: ReadonlySet<string>): boolean {
  return datesIn(text, lang).some((date) => !questionDates.has(date));
}

/**
 * The best candidate keeps its place, dated or not. A question that asks when about something it
 * names only through another thing needs that other thing's passage too, which states no date:
 * "… co-writer of the memoirs of Hugh Rowland, a star on a reality television series that
 * premiered on what date?" needs Michael Lent's passage, first by the search, and the series'
 * passage, which gives the date. Moving every candidate cost HotpotQA questions and gained nothing
 * on RGB (docs/decisions/2026-12-07-retrieval-rules-measured.md).
 */
const KEPT_FIRST = 1;

/**
 * The first `window` items reordered so that, after the first, those stating a date new to the
 * question come first, each group keeping its order; items past the window stay where they are.
 * Returns the reordered list and how many dated items moved ahead of an undated one.
 */
export function datedFirst<T>(question: string, lang: Lang, items: readonly T[], textOf: (item: T) => string, window: number): { items: T[]; moved: number } {
  const asked = new Set(datesIn(question, lang));
  return raiseWithin(items, (item) => statesNewDate(textOf(item), lang, asked), window, KEPT_FIRST);
}
