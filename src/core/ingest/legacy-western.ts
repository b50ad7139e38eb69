/**
 * Western European text in Windows-1252 (the superset of Latin-1 that browsers read such files
 * as), the last reading tried. Every byte decodes in Windows-1252, so the reading must earn its
 * acceptance: most of its non-ASCII characters must be accented letters or the punctuation such
 * text uses, and the bytes must not be UTF-8 with a few bad bytes (read as Windows-1252, "é"
 * would become "Ã©", which is all letters and punctuation too).
 */

import { countNonAscii } from './non-ascii.ts';

const MIN_SHARE = 0.8;
// Bytes 0x80–0x9F in Windows-1252 (the rest is Latin-1: byte = code point). Written out because
// Node's TextDecoder reads 'windows-1252' as Latin-1, making these C1 control characters.
const C1 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];
const CHUNK = 8192;
// Enough text to judge by; the whole file is decoded only once it is accepted.
const SAMPLE_BYTES = 64 * 1024;

export function decodeWindows1252(bytes: Uint8Array): string | undefined {
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  if (looksLikeDamagedUtf8(sample)) return undefined;
  const text = decode(sample);
  const { wide, good } = countNonAscii(text, isWesternLetterOrPunctuation);
  if (wide === 0 || good / wide < MIN_SHARE) return undefined;
  return sample.length === bytes.length ? text : decode(bytes);
}

function decode(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += CHUNK) {
    const codes = Array.from(bytes.subarray(at, at + CHUNK), (b) => (b >= 0x80 && b < 0xa0 ? C1[b - 0x80] : b));
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

/** À–ž (with Œ œ Š š Ÿ Ž ž ƒ), the Latin-1 signs « » ° © ·, and “ ” ‘ ’ – — … • † ‰ ‹ › € ™. */
function isWesternLetterOrPunctuation(c: number): boolean {
  return (
    (c >= 0xa0 && c <= 0x17f) || c === 0x192 || c === 0x2c6 || c === 0x2dc || (c >= 0x2013 && c <= 0x2026) ||
    c === 0x2030 || c === 0x2039 || c === 0x203a || c === 0x20ac || c === 0x2122
  );
}

/** More well-formed UTF-8 multi-byte sequences than bytes that fit none: UTF-8, damaged. */
function looksLikeDamagedUtf8(bytes: Uint8Array): boolean {
  let sequences = 0;
  let strays = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0x80) continue;
    const length = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    let ok = length > 0 && i + length <= bytes.length;
    for (let k = 1; ok && k < length; k++) ok = (bytes[i + k] & 0xc0) === 0x80;
    if (ok) {
      sequences++;
      i += length - 1;
    } else strays++;
  }
  return sequences >= strays;
}
