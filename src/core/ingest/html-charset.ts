/**
 * The character encoding an HTML page declares in its first bytes, as browsers find it before they
 * decode anything (WHATWG's prescan, reduced to what pages write): `<meta charset="big5">` or
 * `<meta http-equiv="Content-Type" content="text/html; charset=big5">`. A short Big5 page was read
 * as EUC-KR by byte statistics alone ("學習" came out as "악꿉"); the page had said which it was.
 */

/** How far into the file browsers look for the declaration. */
const PRESCAN_BYTES = 1024;
const META = /<meta\b[^>]*>/giu;
const CHARSET = /charset\s*=\s*["']?\s*([\w.:-]+)/iu;

/** The declared label (as written, for TextDecoder to resolve), or undefined when there is none. */
export function declaredCharset(bytes: Uint8Array): string | undefined {
  // Latin-1 maps each byte to one character, so ASCII markup reads the same in any ASCII-based encoding.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, PRESCAN_BYTES));
  for (const [tag] of head.matchAll(META)) {
    const label = CHARSET.exec(tag)?.[1];
    if (label) return label;
  }
  return undefined;
}
