/**
 * Word segmentation for search and scoring. `Intl.Segmenter` splits Chinese into words (ICU's
 * dictionary), which is what makes BM25 work on text without spaces.
 */

const segmenters = new Map<string, Intl.Segmenter>();

function segmenter(granularity: 'word' | 'sentence'): Intl.Segmenter {
  let s = segmenters.get(granularity);
  if (!s) {
    // 'zh' locale: its dictionary handles Han runs; Latin text is segmented the same in any locale.
    s = new Intl.Segmenter('zh', { granularity });
    segmenters.set(granularity, s);
  }
  return s;
}

/** Lower-cased word-like segments of a text (punctuation and spaces dropped). */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const seg of segmenter('word').segment(text.toLowerCase())) {
    if (seg.isWordLike) out.push(seg.segment);
  }
  return out;
}

/** Sentence pieces that concatenate back to exactly `text` (whitespace kept with its sentence). */
export function sentencePieces(text: string): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  for (const seg of segmenter('sentence').segment(text)) {
    out.push({ text: seg.segment, start: seg.index });
  }
  return out;
}

/** Sentences, trimmed, empty ones removed. */
export function sentences(text: string): string[] {
  return sentencePieces(text)
    .map((s) => s.text.trim())
    .filter((s) => s.length > 0);
}
