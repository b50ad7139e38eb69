/**
 * Turning a model's free-text reply into clean one-line items. Small models ignore "no numbering"
 * and add bullets, labels, quotes and preambles, so every one of those is tolerated and removed.
 */

// "1.", "1)", "(1)", "1、", "一、", "Q1:", "-", "*", "•", "·", "#"; repeated, as in "- 1. ".
const MARKER =
  /^(?:(?:[-*•·●▪◦>#]+|\(?\d{1,2}[.)、:：]|（\d{1,2}）|\(\d{1,2}\)|[一二三四五六七八九十]{1,2}[、.．]|q\d{1,2}[.:：)]?)\s*)+/iu;

// A leading label such as "Paraphrase 2:", "Standalone question:", "改写问题：".
const LABEL =
  /^(?:(?:alternative|rephrased|rewritten|standalone|paraphrased?|variant|reformulated|follow-up)\s*)*(?:question|query|version|variant|paraphrase)?\s*\d{0,2}\s*[:：]\s*|^(?:改写后?的?|独立的?|同义的?|新的?)?(?:问题|查询|问句|改写|版本)?\s*\d{0,2}\s*[:：]\s*/iu;

const QUOTES = /^["'“”‘’「」『』《》`]+|["'“”‘’「」『』《》`]+$/gu;

/** One line without list markers, labels, surrounding quotes or markdown emphasis. */
export function cleanLine(line: string): string {
  let s = line.trim();
  s = s.replace(/^\*\*(.*)\*\*$/u, '$1').trim();
  s = s.replace(MARKER, '');
  s = s.replace(LABEL, '');
  s = s.replace(/\*\*/g, '').replace(QUOTES, '').trim();
  return s.replace(/\s+/g, ' ');
}

/** Whether a line introduces a list ("Here are three paraphrases:") instead of being an item. */
export function isPreamble(line: string): boolean {
  return /[:：]\s*$/u.test(line);
}

/** Key under which two phrasings count as the same (case, spacing, end punctuation ignored). */
export function sameKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s\p{P}]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Share of letters and digits among the non-space characters: low for symbol soup. */
export function letterShare(text: string): number {
  const visible = text.replace(/\s+/g, '');
  if (visible.length === 0) return 0;
  const letters = visible.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return letters / visible.length;
}
