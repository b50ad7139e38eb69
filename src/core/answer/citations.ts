/**
 * Citation markers in an answer. The prompt asks for `[n]`, but small models also write `[2, 3]`,
 * `[1-3]`, `[Source 2]`, and in Chinese the full-width `［1］` or `【1】`; all of them count.
 */

export interface Citation {
  /** The cited source number. */
  n: number;
  /** Span of the whole bracket in the text; numbers of one bracket share it. */
  start: number;
  end: number;
}

/** A citation bracket kept in a checked answer: its span in the answer and the numbers it cites. */
export interface CitationSpan {
  start: number;
  end: number;
  numbers: number[];
}

export interface ValidatedCitations {
  text: string;
  /** Valid numbers in order of first appearance. */
  cited: number[];
  /**
   * The brackets left in `text`, in order: what the UI draws as citations, so the answer is
   * checked once, here, and shown from data rather than parsed again.
   */
  spans: CitationSpan[];
  /** Numbers that named no given source, in order of first appearance. */
  removed: number[];
}

const NUM = '[0-9０-９]{1,3}';
const ITEM = `${NUM}(?:\\s*[-–—~～]\\s*${NUM})?`;
const PREFIX = '(?:(?:sources?|docs?|documents?|refs?|来源|文档|资料|参考)\\s*)?';
const SEP = '(?:\\s*[,，、;；]\\s*|\\s+)';
// Years and other long numbers in brackets are not citations: three digits at most.
const BRACKET = new RegExp(
  `[\\[［【]\\s*${PREFIX}${ITEM}(?:${SEP}${PREFIX}${ITEM})*\\s*[\\]］】]`,
  'giu',
);
const ITEM_IN = new RegExp(`(${NUM})(?:\\s*[-–—~～]\\s*(${NUM}))?`, 'gu');
const LIST_SEP = /\s*[,，、;；]\s*/u;
// Longest range expanded number by number; beyond it only the two ends count.
const MAX_RANGE = 50;

interface Bracket {
  start: number;
  end: number;
  numbers: number[];
  raw: string;
}

function toInt(digits: string): number {
  // Full-width digits sit 0xFEE0 above ASCII ones.
  const ascii = digits.replace(/[０-９]/gu, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  return Number.parseInt(ascii, 10);
}

function numbersOf(raw: string): number[] {
  const out: number[] = [];
  for (const m of raw.matchAll(ITEM_IN)) {
    const lo = toInt(m[1]);
    if (m[2] === undefined) {
      out.push(lo);
      continue;
    }
    const hi = toInt(m[2]);
    if (hi < lo || hi - lo > MAX_RANGE) out.push(lo, hi);
    else for (let n = lo; n <= hi; n++) out.push(n);
  }
  return out;
}

function brackets(text: string): Bracket[] {
  const out: Bracket[] = [];
  for (const m of text.matchAll(BRACKET)) {
    const start = m.index;
    out.push({ start, end: start + m[0].length, numbers: numbersOf(m[0]), raw: m[0] });
  }
  return out;
}

/** Every cited number with the span of its bracket, in text order. */
export function parseCitations(text: string): Citation[] {
  const out: Citation[] = [];
  for (const b of brackets(text)) for (const n of b.numbers) out.push({ n, start: b.start, end: b.end });
  return out;
}

const HSPACE = /[ \t\u3000]+$/u;
// After these, a space left in front of a removed bracket is a stray one.
const CLOSES_SENTENCE = /^(?:$|[\s.,;:!?。，；：！？、)）\]］】])/u;

/** A bracket keeping only `kept`, in the bracket's own style and list separator. */
function rewriteBracket(raw: string, kept: number[]): string {
  const open = raw[0];
  const close = raw[raw.length - 1];
  const sep = raw.slice(1, -1).match(LIST_SEP)?.[0] ?? ', ';
  return `${open}${kept.join(sep)}${close}`;
}

/**
 * Removes citations of numbers outside `validNumbers`: the whole bracket when none of its numbers
 * is valid, else just the invalid numbers. Spaces the removal would leave dangling are tidied.
 */
export function validateCitations(text: string, validNumbers: ReadonlySet<number>): ValidatedCitations {
  const cited: number[] = [];
  const removed: number[] = [];
  const spans: CitationSpan[] = [];
  let out = '';
  let pos = 0;
  for (const b of brackets(text)) {
    const kept = [...new Set(b.numbers.filter((n) => validNumbers.has(n)))];
    for (const n of b.numbers) {
      const list = validNumbers.has(n) ? cited : removed;
      if (!list.includes(n)) list.push(n);
    }
    out += text.slice(pos, b.start);
    pos = b.end;
    if (kept.length > 0) {
      const start = out.length;
      out += kept.length === b.numbers.length ? b.raw : rewriteBracket(b.raw, kept);
      spans.push({ start, end: out.length, numbers: kept });
    } else {
      const rest = text.slice(b.end);
      if (CLOSES_SENTENCE.test(rest)) out = out.replace(HSPACE, '');
      // At the start of a line, the space after the bracket would open the line.
      if (out === '' || out.endsWith('\n')) pos += rest.length - rest.replace(/^[ \t\u3000]+/u, '').length;
    }
  }
  out += text.slice(pos);
  return { text: out, cited, removed, spans };
}
