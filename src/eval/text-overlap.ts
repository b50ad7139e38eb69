/**
 * How much two texts share, for matching a retrieved chunk to a gold passage when identity (same
 * document) cannot decide: chunks split and re-join passages, so neither equality nor substring
 * search works. Word 3-gram shingles keep word order (a bag of words would match any two texts on
 * the same topic); word segmentation comes from Intl.Segmenter, so Chinese works too.
 */
import { words } from '../core/text/words.ts';

const N = 3;
/** Shared shingles needed, so a few common words never make a match on their own. */
const MIN_SHARED = 3;

export function shingles(text: string): Set<string> {
  const w = words(text);
  const out = new Set<string>();
  if (w.length > 0 && w.length < N) out.add(w.join(' '));
  for (let i = 0; i + N <= w.length; i++) out.add(w.slice(i, i + N).join(' '));
  return out;
}

/**
 * Shared shingles / shingles of the shorter text: 1 when one text lies inside the other (a chunk
 * inside a long evidence passage, or a short passage inside a chunk), near 0 for unrelated texts.
 * Takes shingle sets, so a text compared many times is segmented once.
 */
export function overlapRatio(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size === 0) return 0;
  let shared = 0;
  for (const s of small) if (large.has(s)) shared++;
  if (shared < Math.min(MIN_SHARED, small.size)) return 0;
  return shared / small.size;
}
