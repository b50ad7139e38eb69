/**
 * One block of the columnar record format (index format version 7): a small JSON head, whole
 * numbers as one run of int32 columns, and the record's text as UTF-8. Reading it parses only the
 * head as JSON; the numbers are viewed where they lie and the text is one string decoded natively,
 * which the record's chunks and entries then slice. Parsing the records' JSON, and collecting the
 * objects it made and dropped, was most of decoding a large library's open image
 * (docs/decisions/2026-12-07-open-as-the-bytes-arrive.md).
 *
 *   bytes 0..3   length H of the JSON head (u32, little endian)
 *   bytes 4..7   number N of int32 values (u32)
 *   bytes 8..    the head, UTF-8 JSON
 *   then         at the next multiple of 4: N int32 values (little endian)
 *   then         the text, UTF-8, to the end of the block
 */
import { strictUtf8 } from '../util/strict-utf8.ts';

export interface ColumnPack {
  head: unknown;
  ints: Int32Array;
  text: string;
}

/** The int32 written for a field a record does not have. */
export const ABSENT = -0x80000000;

/** Whether `n` can be written as an int32 column value and read back the same (ABSENT excepted). */
export function fitsInt32(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n > ABSENT && n <= 0x7fffffff && !Object.is(n, -0);
}

export function encodePack(head: unknown, ints: ArrayLike<number>, text: string): Uint8Array {
  const encoder = new TextEncoder();
  const headBytes = encoder.encode(JSON.stringify(head));
  const textBytes = encoder.encode(text);
  const start = align4(8 + headBytes.length);
  const out = new Uint8Array(start + 4 * ints.length + textBytes.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, headBytes.length, true);
  view.setUint32(4, ints.length, true);
  out.set(headBytes, 8);
  for (let i = 0; i < ints.length; i++) view.setInt32(start + 4 * i, ints[i], true);
  out.set(textBytes, start + 4 * ints.length);
  return out;
}

/**
 * The pack with its text left as UTF-8 (`textBytes`, a view of `bytes`), decoded by whoever reads
 * it; undefined when the bytes are not one.
 */
export function decodePackBytes(bytes: Uint8Array): (Omit<ColumnPack, 'text'> & { textBytes: Uint8Array }) | undefined {
  if (bytes.length < 8) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headLength = view.getUint32(0, true);
  const count = view.getUint32(4, true);
  const start = align4(8 + headLength);
  if (start + 4 * count > bytes.length) return undefined;
  let head: unknown;
  try {
    head = JSON.parse(strictUtf8(bytes.subarray(8, 8 + headLength)));
  } catch {
    return undefined;
  }
  // the index file aligns its blocks, so the numbers are a view; a copy otherwise
  const at = bytes.byteOffset + start;
  const ints = at % 4 === 0 ? new Int32Array(bytes.buffer, at, count) : new Int32Array(bytes.slice(start, start + 4 * count).buffer);
  return { head, ints, textBytes: bytes.subarray(start + 4 * count) };
}

/** The pack, or undefined when the bytes are not one (a writer's bug: its checksum held). */
export function decodePack(bytes: Uint8Array): ColumnPack | undefined {
  const pack = decodePackBytes(bytes);
  if (!pack) return undefined;
  let text: string;
  try {
    text = strictUtf8(pack.textBytes);
  } catch {
    return undefined;
  }
  return { head: pack.head, ints: pack.ints, text };
}

function align4(n: number): number {
  return (n + 3) & ~3;
}
