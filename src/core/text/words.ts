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
 * search analyzers do (BM25 found more on HotpotQA: docs/decisions/2026-12-07-retrieval-rules-measured.md).
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

/**
 * Characters ICU's sentence rules see at once. Its segmenter takes time growing with the square
 * of the text it is given (docs/decisions/2026-11-26-long-paragraphs.md), so a text file of one
 * long paragraph never finished indexing; a window keeps it
 * linear. Its rules decide a break from a few characters either side, so a window of thousands
 * finds the breaks the whole text would.
 */
const SENTENCE_WINDOW = 8192;

/** Sentence pieces that concatenate back to exactly `text` (whitespace kept with its sentence). */
export function sentencePieces(text: string): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  let offset = 0;
  while (offset < text.length) {
    const rest = text.length - offset <= SENTENCE_WINDOW;
    const window = rest ? text.slice(offset) : text.slice(offset, offset + SENTENCE_WINDOW);
    const pieces = [...segmenter('sentence').segment(window)];
    // The window's last piece may be a sentence its end cut short: it is read again at the start
    // of the next window. A window of one piece (no break in the whole window) is cut after its last space.
    const kept = rest ? pieces.length : pieces.length - 1;
    let end = rest ? window.length : (pieces[kept]?.index ?? window.length);
    if (kept === 0) {
      const space = window.search(/\s\S*$/u);
      end = space > 0 ? space + 1 : window.length;
      // never between the two halves of a surrogate pair (an emoji, a rare Han character)
      if (end > 1 && /[\uD800-\uDBFF]/.test(window[end - 1])) end--;
      out.push({ text: window.slice(0, end), start: offset });
    }
    for (let i = 0; i < kept; i++) out.push({ text: pieces[i].segment, start: offset + pieces[i].index });
    offset += end;
  }
  return out;
}

/** Sentences, trimmed, empty ones removed. */
export function sentences(text: string): string[] {
  return sentencePieces(text)
    .map((s) => s.text.trim())
    .filter((s) => s.length > 0);
}
