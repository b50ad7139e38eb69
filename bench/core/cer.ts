/**
 * Character error rate: edit distance over the reference's length, on text normalised the same
 * way on both sides (NFKC, which also maps the Kangxi radicals some Chinese PDFs encode, such as
 * ⽤ for 用, to the ideographs OCR reads, and the app's own mapping of the radical forms NFKC leaves,
 * such as ⻅ for 见; whitespace removed, since line breaks and spaces differ between a text layer and
 * any OCR, and Chinese has no spaces to count).
 */
import { unifyRadicals } from '../../src/core/ingest/radicals.ts';

export function cerText(text: string): string {
  return unifyRadicals(text.normalize('NFKC')).replace(/\s+/gu, '');
}

export function characterErrorRate(reference: string, hypothesis: string): number {
  const a = [...cerText(reference)];
  const b = [...cerText(hypothesis)];
  if (a.length === 0) return b.length === 0 ? 0 : 1;
  return editDistance(a, b) / a.length;
}

/** Levenshtein distance in two rows. */
export function editDistance(a: readonly string[], b: readonly string[]): number {
  let prev = new Uint32Array(b.length + 1).map((_, j) => j);
  let cur = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const sub = prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      cur[j] = Math.min(sub, prev[j] + 1, cur[j - 1] + 1);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}

/**
 * The same error with reading order left out: characters missing or extra as multisets, over the
 * reference's length, a lower bound on CER under any reordering of lines. On a page laid out in
 * boxes (the Chinese chemistry mind map) the text layer's order and any OCR's differ, and the
 * ordered CER then mostly measures the order.
 */
export function orderFreeErrorRate(reference: string, hypothesis: string): number {
  const a = [...cerText(reference)];
  const b = [...cerText(hypothesis)];
  if (a.length === 0) return b.length === 0 ? 0 : 1;
  return (Math.max(a.length, b.length) - sharedCharacters(a, b)) / a.length;
}

/** How many characters two texts share as multisets: each of a's matched by at most one of b's. */
export function sharedCharacters(a: readonly string[], b: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const c of a) counts.set(c, (counts.get(c) ?? 0) + 1);
  let common = 0;
  for (const c of b) {
    const n = counts.get(c) ?? 0;
    if (n > 0) {
      common++;
      counts.set(c, n - 1);
    }
  }
  return common;
}
