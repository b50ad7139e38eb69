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
 * Since index format 8 (the app's open image) the kept texts may be written apart, after those
 * columns: the head then says how many (`texts`), and at the next multiple of 4 come the entries
 * they belong to (i32, `texts` values), where each ends in the bytes that follow (i32, as many),
 * then the texts as UTF-8, one after another. Each is decoded when its entry is made
 * (docs/decisions/2026-12-07-chunks-made-when-read.md). A block without `texts` is read as before,
 * so blocks of either layout open, and a library file is still written without.
 *
 * Read as views over the bytes when they start at a multiple of 4 (the index file aligns its
 * blocks so), copied otherwise. The views keep the file's buffer alive only while the entries are
 * loaded from them.
 */
import { strictUtf8 } from '../util/strict-utf8.ts';
import type { EntryColumns, KeptFields, KeptTexts } from './entry-columns.ts';

type Head = Pick<EntryColumns, 'kinds' | 'levels' | 'producers' | 'kept'> & { count: number; texts?: number };

export interface EncodeColumnsOptions {
  /** The kept texts written apart from the head (index format 8), read back one at a time. */
  textsApart?: boolean;
}

export function encodeColumns(columns: EntryColumns, options: EncodeColumnsOptions = {}): Uint8Array {
  const { kinds, levels, producers } = columns;
  const count = columns.kind.length;
  const { kept, texts } = keptApart(columns, options.textsApart === true);
  const head = new TextEncoder().encode(JSON.stringify({ count, kinds, levels, producers, kept, ...(texts ? { texts: texts.entry.length } : {}) } satisfies Head));
  const start = align4(4 + head.length);
  const columnsEnd = start + 4 * 4 * count + 3 * count;
  const textStart = align4(columnsEnd) + 8 * (texts?.entry.length ?? 0);
  const bytes = new Uint8Array(texts ? textStart + texts.bytes.length : columnsEnd);
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
  if (texts) {
    at = align4(columnsEnd);
    for (const list of [texts.entry, texts.ends]) {
      for (let i = 0; i < list.length; i++, at += 4) view.setInt32(at, list[i], true);
    }
    bytes.set(texts.bytes, textStart);
  }
  return bytes;
}

/**
 * The kept fields as the head holds them, and, written apart, the texts taken out of them (an
 * entry that kept nothing else leaves the head). Texts read apart are put back in when not.
 */
function keptApart(columns: EntryColumns, apart: boolean): { kept: [number, KeptFields][]; texts?: { entry: number[]; ends: number[]; bytes: Uint8Array } } {
  const read = columns.texts;
  if (!apart && !read) return { kept: columns.kept };
  const all = new Map<number, KeptFields>(columns.kept.map(([i, fields]) => [i, { ...fields }]));
  for (let k = 0; k < (read?.entry.length ?? 0); k++) {
    const i = read!.entry[k];
    // the text first, as toColumns keeps the fields, so the head reads as it was written
    all.set(i, { text: read!.text(k), ...all.get(i) });
  }
  const order = [...all.keys()].sort((a, b) => a - b);
  if (!apart) return { kept: order.map((i) => [i, all.get(i)!]) };
  const encoder = new TextEncoder();
  const kept: [number, KeptFields][] = [];
  const entry: number[] = [];
  const parts: Uint8Array[] = [];
  const ends: number[] = [];
  let end = 0;
  for (const i of order) {
    const { text, ...rest } = all.get(i)!;
    if (text !== undefined) {
      const part = encoder.encode(text);
      entry.push(i);
      parts.push(part);
      ends.push((end += part.length));
    }
    if (Object.keys(rest).length > 0) kept.push([i, rest]);
  }
  const bytes = new Uint8Array(end);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return { kept, texts: { entry, ends, bytes } };
}

/** Whether the block holds kept texts apart (index format 8), which a library file for older builds must not. */
export function holdsTextsApart(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const headLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
  try {
    return (JSON.parse(strictUtf8(bytes.subarray(4, 4 + headLength))) as Partial<Head>).texts !== undefined;
  } catch {
    return false;
  }
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
  const { count, kinds, levels, producers, kept, texts } = head;
  if (!Number.isInteger(count) || count < 0 || ![kinds, levels, producers, kept].every(Array.isArray)) return undefined;
  if (texts !== undefined && !(Number.isInteger(texts) && texts >= 0)) return undefined;
  const start = align4(4 + headLength);
  const columnsEnd = start + 4 * 4 * count + 3 * count;
  if (texts === undefined ? bytes.length !== columnsEnd : bytes.length < align4(columnsEnd) + 8 * texts) return undefined;
  // the file is little endian, as every machine a browser runs on
  const ints = new Int32Array(bytes.buffer, bytes.byteOffset + start, 4 * count);
  const small = bytes.subarray(start + 16 * count, columnsEnd);
  const apart = texts === undefined ? undefined : textsOf(bytes, align4(columnsEnd), texts, count);
  if (texts !== undefined && !apart) return undefined;
  // one literal for both layouts, so the tables read columns of one shape
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
    texts: apart,
  };
}

/** The kept texts written apart from `at`, or undefined when their numbers do not fit the block. */
function textsOf(bytes: Uint8Array, at: number, texts: number, count: number): KeptTexts | undefined {
  const ints = new Int32Array(bytes.buffer, bytes.byteOffset + at, 2 * texts);
  const entry = ints.subarray(0, texts);
  const ends = ints.subarray(texts);
  const body = bytes.subarray(at + 8 * texts);
  for (let k = 0; k < texts; k++) {
    const from = k > 0 ? ends[k - 1] : 0;
    if (ends[k] < from || (k > 0 && entry[k] <= entry[k - 1]) || entry[k] < 0 || entry[k] >= count) return undefined;
  }
  if ((texts > 0 ? ends[texts - 1] : 0) !== body.length) return undefined;
  return { entry, text: (k) => strictUtf8(body.subarray(k > 0 ? ends[k - 1] : 0, ends[k])) };
}

function align4(n: number): number {
  return (n + 3) & ~3;
}
