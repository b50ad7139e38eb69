/**
 * Bytes → text for the text formats: Unicode first — UTF-8 (with or without a BOM), UTF-16 with
 * a BOM, and UTF-16 without one told by its zero bytes — then, for bytes that are not UTF-8, the
 * encoding an HTML page declares (html-charset.ts), the legacy CJK encodings (legacy-cjk.ts), and
 * last Windows-1252 (legacy-western.ts). Anything else, or text that is mostly control
 * characters, is not text.
 */
import { declaredCharset } from './html-charset.ts';
import { decodeLegacyCjk } from './legacy-cjk.ts';
import { decodeWindows1252 } from './legacy-western.ts';

const SAMPLE_CHARS = 65_536;
// Real text has almost no control characters besides line breaks and tabs; binary has many.
const MAX_CONTROL_SHARE = 0.01;

/** Text and the encoding it was read in, by the WHATWG name TextDecoder knows it by. */
export interface DecodedText {
  text: string;
  encoding: string;
}

/** The decoded text, or undefined when the bytes are not text in any encoding read here. */
export function decodeText(bytes: Uint8Array): DecodedText | undefined {
  const unicode = decodeUnicode(bytes);
  const legacy = unicode === undefined ? (decodeDeclared(bytes) ?? decodeLegacyCjk(bytes)) : undefined;
  const western = unicode === undefined && legacy === undefined ? decodeWindows1252(bytes) : undefined;
  const decoded = unicode ?? legacy ?? (western === undefined ? undefined : { text: western, encoding: 'windows-1252' });
  if (decoded === undefined || looksBinary(decoded.text, unicode === undefined)) return undefined;
  return decoded;
}

function decodeUnicode(bytes: Uint8Array): DecodedText | undefined {
  let encoding = 'utf-8';
  let body = bytes;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    body = bytes.subarray(3);
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    encoding = 'utf-16le';
    body = bytes.subarray(2);
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    encoding = 'utf-16be';
    body = bytes.subarray(2);
  } else {
    encoding = utf16ByZeros(bytes) ?? encoding;
  }
  try {
    return { text: new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(body), encoding };
  } catch {
    return undefined;
  }
}

// Of the first code units, the share whose high byte is zero for UTF-16 to be assumed: Latin
// letters, digits, spaces and line breaks have one, and even Chinese text has some of them.
const UTF16_MIN_ZERO_SHARE = 0.2;
// and the share of low bytes that may be zero (none in text, many in binary formats)
const UTF16_MAX_OTHER_ZERO_SHARE = 0.01;

/**
 * UTF-16 without a byte order mark (Windows tools write such files): a zero byte in one position
 * of a code unit and almost never in the other. Strict decoding and the control-character check
 * that follow still turn away binary that happens to fit (a sound file of quiet samples).
 */
function utf16ByZeros(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const n = Math.min(bytes.length, 2 * SAMPLE_CHARS) & ~1;
  if (n < 4 || bytes.length % 2 !== 0) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const units = n / 2;
  if (oddZeros >= UTF16_MIN_ZERO_SHARE * units && evenZeros <= UTF16_MAX_OTHER_ZERO_SHARE * units) return 'utf-16le';
  if (evenZeros >= UTF16_MIN_ZERO_SHARE * units && oddZeros <= UTF16_MAX_OTHER_ZERO_SHARE * units) return 'utf-16be';
  return undefined;
}

/** The bytes in the encoding their page declares, when it declares one they are valid in. */
function decodeDeclared(bytes: Uint8Array): DecodedText | undefined {
  const charset = declaredCharset(bytes);
  if (charset === undefined) return undefined;
  try {
    const decoder = new TextDecoder(charset, { fatal: true });
    // UTF-8 was tried already, and a page cannot declare UTF-16 in bytes read as ASCII (WHATWG)
    if (decoder.encoding === 'utf-8' || decoder.encoding.startsWith('utf-16')) return undefined;
    return { text: decoder.decode(bytes), encoding: decoder.encoding };
  } catch {
    // a label TextDecoder does not know, or bytes that are not in it: the page is mislabelled
    return undefined;
  }
}

/**
 * `countC1`: whether C1 controls (U+0080–U+009F) count against the text. Not in strict UTF-8 or
 * UTF-16, where they are what mojibake leaves ("patientâ\u0080\u0099s": a curly apostrophe that
 * went through Latin-1 once, dozens of them in a short MS MARCO mix), while binary bytes fail strict
 * decoding long before; in a legacy reading they are bytes no text uses.
 */
function looksBinary(text: string, countC1: boolean): boolean {
  const sample = text.length > SAMPLE_CHARS ? text.slice(0, SAMPLE_CHARS) : text;
  if (sample.includes('\0')) return true;
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) || (countC1 && c >= 0x7f && c < 0xa0)) {
      control++;
    }
  }
  return control > MAX_CONTROL_SHARE * sample.length;
}
