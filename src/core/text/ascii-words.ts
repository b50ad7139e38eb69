/**
 * Unicode's word-break rules (UAX #29, as ICU applies them) for a run of ASCII without spaces,
 * written out: `Intl.Segmenter` costs about 2.6 µs a word, and words() runs over every entry when
 * an index is built or opened (most of a large library's BM25 build). The rules that matter
 * for ASCII: letters, digits and `_` join; `.`, `'` or `:` joins two letters ("e.g", "don't"); `.`,
 * `'`, `,` or `;` joins two digits ("1,234.5"); anything else breaks. A differential test holds
 * this to Intl.Segmenter on random and real text.
 */

const enum Kind {
  Other,
  Letter,
  Digit,
  Underscore,
}

const KIND = new Uint8Array(128);
for (let c = 0x61; c <= 0x7a; c++) KIND[c] = Kind.Letter;
for (let c = 0x41; c <= 0x5a; c++) KIND[c] = Kind.Letter;
for (let c = 0x30; c <= 0x39; c++) KIND[c] = Kind.Digit;
KIND[0x5f] = Kind.Underscore;

const DOT = 0x2e;
const APOSTROPHE = 0x27;
const COMMA = 0x2c;
const SEMICOLON = 0x3b;
const COLON = 0x3a;

/** Whether the character at `i` of `run` sits inside a word, between the two characters around it. */
function joins(run: string, i: number): boolean {
  if (i === 0 || i + 1 >= run.length) return false;
  const mid = run.charCodeAt(i);
  const before = KIND[run.charCodeAt(i - 1)];
  const after = KIND[run.charCodeAt(i + 1)];
  if (before === Kind.Letter && after === Kind.Letter) return mid === DOT || mid === APOSTROPHE || mid === COLON;
  if (before === Kind.Digit && after === Kind.Digit) return mid === DOT || mid === APOSTROPHE || mid === COMMA || mid === SEMICOLON;
  return false;
}

/**
 * Appends the word-like segments of `run`, a string of ASCII characters other than spaces, to
 * `out`. For ICU a segment is word-like when it holds a letter or a digit, or is two or more
 * underscores (one alone is punctuation).
 */
export function asciiWords(run: string, out: string[]): void {
  let start = -1;
  let alphanumeric = false;
  const emit = (end: number) => {
    if (alphanumeric || end - start >= 2) out.push(run.slice(start, end));
    start = -1;
  };
  for (let i = 0; i < run.length; i++) {
    const kind = KIND[run.charCodeAt(i)];
    if (kind !== Kind.Other) {
      if (start < 0) {
        start = i;
        alphanumeric = false;
      }
      if (kind !== Kind.Underscore) alphanumeric = true;
      continue;
    }
    if (start >= 0 && joins(run, i)) continue;
    if (start >= 0) emit(i);
  }
  if (start >= 0) emit(run.length);
}
