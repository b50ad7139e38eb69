/**
 * Word segmentation for search and scoring. `Intl.Segmenter` splits Chinese into words (ICU's
 * dictionary), which is what makes BM25 work on text without spaces.
 */

import { asciiWords } from './ascii-words.ts';

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

const SPACES = /[ \t\n\r\f\v]+/;
const ASCII = /^[\x00-\x7f]*$/;

// Apostrophes of every spelling (typewriter, typographic, modifier letter).
const APOSTROPHES = /['\u2019\u02bc]+/u;
const POSSESSIVE = /['\u2019\u02bc]s$/u;

/**
 * Lower-cased word-like segments of a text (punctuation and spaces dropped). Unicode's word rules
 * keep "sony's" and "o’neill" whole, so a question about "Sony" would miss "Sony's" and "O'Neill"
 * would miss "O’Neill"; an English possessive is dropped and other apostrophes split the word, as
 * search analyzers do (HotpotQA dev, BM25 over paragraphs: R@5 70.0 → 73.3).
 */
export function words(text: string): string[] {
  const segments: string[] = [];
  // Words never span a space, so each space-free run is segmented alone: ASCII runs by the rules
  // written out in ascii-words.ts (about 30 times faster), any other by ICU.
  for (const run of text.toLowerCase().split(SPACES)) {
    if (run === '') continue;
    if (ASCII.test(run)) asciiWords(run, segments);
    else for (const seg of segmenter('word').segment(run)) if (seg.isWordLike) segments.push(seg.segment);
  }
  const out: string[] = [];
  for (const word of segments) {
    if (!APOSTROPHES.test(word)) {
      out.push(word);
      continue;
    }
    for (const part of word.replace(POSSESSIVE, '').split(APOSTROPHES)) if (part !== '') out.push(part);
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
