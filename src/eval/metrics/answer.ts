/**
 * Short-answer metrics: exact match and token F1 after SQuAD-style normalization.
 *
 * English: lower case, punctuation removed, articles removed, whitespace folded, tokens are words.
 * Chinese has no spaces to split on, so a pair in which either side contains Han characters is
 * compared character by character (punctuation and whitespace removed).
 */

const HAN = /\p{Script=Han}/u;
const PUNCTUATION = /[\p{P}\p{S}]/gu;
const ARTICLES = /\b(a|an|the)\b/g;

/** True when the text contains a Han character (the pair is then scored per character). */
export function hasHan(text: string): boolean {
  return HAN.test(text);
}

/** Tokens of a text after normalization, per word (English) or per character (Chinese). */
export function answerTokens(text: string, perCharacter = hasHan(text)): string[] {
  const base = text.normalize('NFKC').toLowerCase().replace(PUNCTUATION, ' ');
  if (perCharacter) return Array.from(base.replace(/\s+/gu, ''));
  return base
    .replace(ARTICLES, ' ')
    .split(/\s+/u)
    .filter((t) => t.length > 0);
}

/** The normalized string: tokens joined by spaces (English) or by nothing (Chinese). */
export function normalizeAnswer(text: string, perCharacter = hasHan(text)): string {
  return answerTokens(text, perCharacter).join(perCharacter ? '' : ' ');
}

function pairMode(prediction: string, gold: string): boolean {
  return hasHan(prediction) || hasHan(gold);
}

function exactMatchOne(prediction: string, gold: string): number {
  const perCharacter = pairMode(prediction, gold);
  return normalizeAnswer(prediction, perCharacter) === normalizeAnswer(gold, perCharacter) ? 1 : 0;
}

function f1One(prediction: string, gold: string): number {
  const perCharacter = pairMode(prediction, gold);
  const p = answerTokens(prediction, perCharacter);
  const g = answerTokens(gold, perCharacter);
  if (p.length === 0 || g.length === 0) return p.length === g.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const t of g) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of p) {
    const left = counts.get(t) ?? 0;
    if (left > 0) {
      common++;
      counts.set(t, left - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / p.length;
  const recall = common / g.length;
  return (2 * precision * recall) / (precision + recall);
}

function bestOver(golds: readonly string[], score: (gold: string) => number): number {
  if (golds.length === 0) throw new RangeError('answer metric without a gold answer');
  return Math.max(...golds.map(score));
}

/** 1 when the prediction equals any gold answer after normalization, else 0. */
export function exactMatch(prediction: string, golds: readonly string[]): number {
  return bestOver(golds, (gold) => exactMatchOne(prediction, gold));
}

/** Token F1 against the best-matching gold answer. */
export function tokenF1(prediction: string, golds: readonly string[]): number {
  return bestOver(golds, (gold) => f1One(prediction, gold));
}

/**
 * 1 when, for every required part of the answer, at least one of its alternatives occurs in the
 * prediction after normalization (RGB's measure: a long generated answer rarely equals the gold).
 */
export function containsAnswer(prediction: string, parts: readonly (readonly string[])[]): number {
  if (parts.length === 0) throw new RangeError('containsAnswer without answer parts');
  const found = parts.every((alternatives) =>
    alternatives.some((alt) => {
      const perCharacter = pairMode(prediction, alt);
      const needle = normalizeAnswer(alt, perCharacter);
      if (needle.length === 0) return false;
      const hay = normalizeAnswer(prediction, perCharacter);
      // Whole words only in English, so "1" is not found inside "2015".
      return perCharacter ? hay.includes(needle) : ` ${hay} `.includes(` ${needle} `);
    }),
  );
  return found ? 1 : 0;
}
