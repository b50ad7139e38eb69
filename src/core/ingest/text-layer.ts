import { CJK_CHARS } from './cjk.ts';
import type { PdfLine } from './pdf-lines.ts';

/**
 * Whether a PDF page's text layer can be trusted, or the page must be read from its pixels (OCR).
 * A scan has no text layer at all; a PDF with broken font encodings has one that is not words
 * ("#$Ab%&", private-use glyphs, U+FFFD): both are read by OCR. Checked on every page of the 35
 * PDFs in ../shared/data (6 documents, 29 FinanceBench filings, 3,421 pages): none is judged
 * garbage (GeoTopo's pages of formulas were, until operator-only tokens counted for nothing), and
 * the 15 judged empty are blank or hold a page number alone.
 */

/** Fewer non-space characters than this is no text layer: a page number, a stray mark. */
export const MIN_TEXT_CHARS = 12;
/** Below this share of characters in word-like tokens the layer is garbage. */
export const MIN_WORD_SHARE = 0.5;

const CJK = new RegExp(`[${CJK_CHARS}]`, 'u');
const BROKEN = /[\uFFFD\p{Co}\p{Cc}\p{Cn}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}\p{M}]/gu;
const LATIN = /\p{Script=Latin}/u;
const VOWEL = /[aeiouyäöüàâéèêëîïôûùœæåøáíóúñ]/iu;
// Short tokens are words or symbols of formulas ("d3", "Zn", "Abb") whatever their vowels.
const SHORT = 3;

export type TextLayerVerdict = 'good' | 'empty' | 'garbage';

export function judgeTextLayer(lines: readonly PdfLine[]): TextLayerVerdict {
  let chars = 0;
  let wordChars = 0;
  for (const line of lines) {
    for (const token of line.text.split(/\s+/)) {
      const word = wordLikeness(token);
      if (word === undefined) continue;
      const n = [...token].length;
      chars += n;
      if (word) wordChars += n;
    }
  }
  if (chars < MIN_TEXT_CHARS) return 'empty';
  return wordChars / chars >= MIN_WORD_SHARE ? 'good' : 'garbage';
}

/**
 * Undefined for a token of operators or punctuation alone ("=", "⇔", "–"), which says nothing
 * either way; else whether it reads as a word, a number, a URL or a formula's symbol: a third or
 * more letters and digits, and Latin letters with a vowel unless the token is short or an abbreviation.
 */
function wordLikeness(token: string): boolean | undefined {
  if (token === '') return undefined;
  if (BROKEN.test(token)) return false;
  const letters = token.match(LETTER_OR_DIGIT)?.length ?? 0;
  if (letters === 0) return undefined;
  if (CJK.test(token)) return true;
  if (letters * 3 < [...token].length) return false;
  if (!LATIN.test(token) || letters <= SHORT) return true;
  // Capitalised abbreviations and tickers ("NYSE", "PPE") have no vowel but are words.
  return VOWEL.test(token) || /^[\p{P}\p{S}]*\p{Lu}{2,6}[\p{P}\p{S}]*$/u.test(token) || !/\p{L}/u.test(token.replace(/\p{N}/gu, ''));
}
