import type { Lang } from '../types.ts';
import { parseCitations } from './citations.ts';
import { stripThinking } from './think.ts';

/** The exact sentences the answering model is told to reply with when the sources lack the answer. */
export const NOT_FOUND_EN = 'The documents do not say.';
export const NOT_FOUND_ZH = '文档中没有相关内容。';

export function notFoundSentence(lang: Lang): string {
  return lang === 'zh' ? NOT_FOUND_ZH : NOT_FOUND_EN;
}

function key(text: string): string {
  return text
    .toLowerCase()
    .replace(/\bdon['’]t\b/gu, 'do not')
    .replace(/[\p{P}\p{S}\s]+/gu, ' ')
    .trim();
}

const SENTENCES = [NOT_FOUND_EN, NOT_FOUND_ZH].map(key);

/**
 * Whether an answer is the not-found reply. Models often extend the sentence ("The documents do not
 * say who won."), which still counts; an answer that cites a source is an answer, not a refusal.
 */
export function isNotFound(text: string): boolean {
  const visible = stripThinking(text).trim();
  if (parseCitations(visible).length > 0) return false;
  const k = key(visible);
  return SENTENCES.some((s) => k === s || k.startsWith(`${s} `));
}
