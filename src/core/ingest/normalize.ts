/**
 * Text normalization applied to every block, whatever its format, so that the same words always
 * look the same to the chunker, BM25 and the embedder: NFKC (full-width Latin and digits become
 * ASCII, Kangxi radicals from PDFs become the ordinary Han characters, and so do the radical forms
 * NFKC leaves alone: radicals.ts), invisible and control characters dropped, whitespace folded.
 */
import { CJK_CHARS } from './cjk.ts';
import { unifyRadicals } from './radicals.ts';

// Control characters other than whitespace, the BOM/zero-width space/soft hyphen (invisible noise
// from copy-paste and PDFs), private-use code points (icon-font glyphs) and lone surrogates.
const INVISIBLE = /[\p{Cc}\u00ad\u200b\u2060\ufeff\p{Co}\p{Cs}]/gu;
// A hard line wrap between two CJK characters is not a word gap: Chinese has no spaces.
const CJK_WRAP = new RegExp(`(?<=[${CJK_CHARS}])[^\\S\\n]*\\n\\s*(?=[${CJK_CHARS}])`, 'gu');
const WHITESPACE = /\s+/gu;

/** Prose: one line, single spaces, trimmed. */
export function normalizeText(raw: string): string {
  return unifyRadicals(raw.normalize('NFKC'))
    .replace(/\r\n?/g, '\n')
    // \t, \v, \f and NEL are Cc: turn them into spaces before INVISIBLE would delete them.
    .replace(/[\t\v\f\u0085]/g, ' ')
    .replace(INVISIBLE, (ch) => (ch === '\n' ? ch : ''))
    .replace(CJK_WRAP, '')
    .replace(WHITESPACE, ' ')
    .trim();
}

/** Code: lines and indentation kept; trailing spaces and blank edges dropped. */
export function normalizeCode(raw: string): string {
  const lines = unifyRadicals(raw.normalize('NFKC'))
    .replace(/\r\n?/g, '\n')
    .replace(INVISIBLE, (ch) => (ch === '\n' || ch === '\t' ? ch : ''))
    .split('\n')
    .map((line) => line.replace(/\s+$/u, ''));
  let first = 0;
  let last = lines.length;
  while (first < last && lines[first] === '') first++;
  while (last > first && lines[last - 1] === '') last--;
  return lines.slice(first, last).join('\n');
}

/** A parser's raw block with its text normalized for its kind. */
export function normalizeBlock<B extends { kind: string; text: string }>(block: B): B {
  const text = block.kind === 'code' ? normalizeCode(block.text) : normalizeText(block.text);
  return text === block.text ? block : { ...block, text };
}
