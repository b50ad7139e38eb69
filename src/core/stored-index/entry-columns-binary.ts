/**
 * A document's entry columns (entry-columns.ts) as bytes: the numbers as typed arrays, only the
 * names and the kept fields as JSON. Written as JSON, the numbers were seven an entry, 700k for the
 * 100k-entry bench library, and parsing them was the second-largest part of reopening it in
 * Chromium after the documents' own text (docs/decisions/2026-11-27-entry-columns.md).
 *
 *   bytes 0..3   length of the JSON head (u32, little endian)
 *   bytes 4..    the head: { count, kinds, levels, producers, kept }
 *   then         at the next multiple of 4: `n`, `of` and `at` (i32, little endian, count, count
 *                and 2 × count values), then `kind`, `level` and `producer` (u8, count each)
 *
 * Read as views over the bytes when they start at a multiple of 4 (the index file aligns its
 * blocks so), copied otherwise. The views keep the file's buffer alive only while the entries are
 * loaded from them.
 */
import { strictUtf8 } from '../util/strict-utf8.ts';
import type { EntryColumns } from './entry-columns.ts';

type Head = Pick<EntryColumns, 'kinds' | 'levels' | 'producers' | 'kept'> & { count: number };

export function encodeColumns(columns: EntryColumns): Uint8Array {
  const { kinds, levels, producers, kept } = columns;
  const count = columns.kind.length;
  const head = new TextEncoder().encode(JSON.stringify({ count, kinds, levels, producers, kept } satisfies Head));
  const start = align4(4 + head.length);
  const bytes = new Uint8Array(start + 4 * 4 * count + 3 * count);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, head.length, true);
  bytes.set(head, 4);
  let at = start;
  for (const list of [columns.n, columns.of, columns.at]) {
    for (let i = 0; i < list.length; i++, at += 4) view.setInt32(at, list[i], true);
  }
  for (const list of [columns.kind, columns.level, columns.producer]) {
    for (let i = 0; i < list.length; i++, at++) bytes[at] = list[i];
  }
  return bytes;
}

/** The columns, or undefined when the bytes are not a whole set of them. */
export function decodeColumns(bytes: Uint8Array): EntryColumns | undefined {
  if (bytes.length < 4) return undefined;
  if (bytes.byteOffset % 4 !== 0) bytes = bytes.slice();
  const headLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
  let head: Head;
  try {
    head = JSON.parse(strictUtf8(bytes.subarray(4, 4 + headLength))) as Head;
  } catch {
    return undefined;
  }
  const { count, kinds, levels, producers, kept } = head;
  if (!Number.isInteger(count) || count < 0 || ![kinds, levels, producers, kept].every(Array.isArray)) return undefined;
  const start = align4(4 + headLength);
  if (bytes.length !== start + 4 * 4 * count + 3 * count) return undefined;
  // the file is little endian, as every machine a browser runs on
  const ints = new Int32Array(bytes.buffer, bytes.byteOffset + start, 4 * count);
  const small = bytes.subarray(start + 16 * count);
  return {
    kinds,
    levels,
    producers,
    kept,
    n: ints.subarray(0, count),
    of: ints.subarray(count, 2 * count),
    at: ints.subarray(2 * count),
    kind: small.subarray(0, count),
    level: small.subarray(count, 2 * count),
    producer: small.subarray(2 * count),
  };
}

function align4(n: number): number {
  return (n + 3) & ~3;
}
