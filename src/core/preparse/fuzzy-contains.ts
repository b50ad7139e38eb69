/**
 * Whether a `context` the model says it copied from a source really comes from it. Models re-type
 * punctuation (full-width vs half-width), spacing and case, and small ones slip a character now and
 * then, so the test is fuzzy; a paraphrase or an invented sentence still fails it.
 */

/** Shorter than this (normalized) a context carries no information worth an entry. */
const MIN_CHARS = 4;
/** Dice similarity of character bigrams a window of the source must reach. */
const MIN_SIMILARITY = 0.85;
/** A copied passage may have lost or gained a few characters: windows of these relative lengths. */
const WINDOW_SCALES = [1, 0.9, 1.1];

const NOISE = /[\s\p{P}\p{S}]/gu;

/** NFKC (full-width → half-width), lower case, no whitespace, punctuation or symbols. */
function normalizeForMatch(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(NOISE, '');
}

export function contextFoundIn(context: string, source: string): boolean {
  return contextMatcher(source)(context);
}

/**
 * The test of `contextFoundIn` for many contexts of one source: the source, usually far longer
 * than any context, is normalized once (on the first call), not once per context.
 */
export function contextMatcher(source: string): (context: string) => boolean {
  let haystack: { text: string; chars?: string[] } | undefined;
  return (context) => {
    const needle = Array.from(normalizeForMatch(context));
    if (needle.length < MIN_CHARS) return false;
    haystack ??= { text: normalizeForMatch(source) };
    if (haystack.text.includes(needle.join(''))) return true;
    haystack.chars ??= Array.from(haystack.text);
    return bestWindowSimilarity(needle, haystack.chars) >= MIN_SIMILARITY;
  };
}

/** Highest bigram Dice similarity between `needle` and any window of `haystack`. */
function bestWindowSimilarity(needle: string[], haystack: string[]): number {
  if (needle.length < 2 || haystack.length < 2) return 0;
  const target = bigramCounts(needle);
  let best = 0;
  const tried = new Set<number>();
  for (const scale of WINDOW_SCALES) {
    const width = Math.min(haystack.length, Math.max(2, Math.round(needle.length * scale)));
    if (tried.has(width)) continue;
    tried.add(width);
    best = Math.max(best, slideWindow(target, needle.length - 1, haystack, width));
  }
  return best;
}

function bigramCounts(chars: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + 1 < chars.length; i++) {
    const b = chars[i] + chars[i + 1];
    counts.set(b, (counts.get(b) ?? 0) + 1);
  }
  return counts;
}

/**
 * Slides a window of `width` characters over the haystack, keeping the multiset overlap with the
 * target bigrams up to date as one bigram enters and one leaves: linear in the haystack.
 */
function slideWindow(
  target: Map<string, number>,
  targetSize: number,
  haystack: string[],
  width: number,
): number {
  const inWindow = new Map<string, number>();
  const windowSize = width - 1;
  let overlap = 0;
  const add = (b: string): void => {
    const have = inWindow.get(b) ?? 0;
    if (have < (target.get(b) ?? 0)) overlap++;
    inWindow.set(b, have + 1);
  };
  const remove = (b: string): void => {
    const have = (inWindow.get(b) ?? 0) - 1;
    inWindow.set(b, have);
    if (have < (target.get(b) ?? 0)) overlap--;
  };
  const bigramAt = (i: number): string => haystack[i] + haystack[i + 1];

  for (let i = 0; i < windowSize; i++) add(bigramAt(i));
  let best = overlap;
  for (let start = 1; start + width <= haystack.length; start++) {
    remove(bigramAt(start - 1));
    add(bigramAt(start + windowSize - 1));
    if (overlap > best) best = overlap;
  }
  return (2 * best) / (targetSize + windowSize);
}
