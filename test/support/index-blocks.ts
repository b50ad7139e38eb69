/**
 * Damage, done on purpose: where a block of an index file lies (from its version 2 header), and
 * ways to change bytes in it; and the version 1 encoding, to prove old files still open.
 */
import { checksums } from '../../src/core/util/checksum.ts';

const HEADER_START = 28;

/** [absolute start, length] of one block of a document or group, read from the file's header. */
export function blockOf(bytes: Uint8Array, list: 'documents' | 'groups', index: number, part: string): [number, number] {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(HEADER_START, HEADER_START + length))) as Record<string, { blocks: Record<string, [number, number, string]> }[]>;
  const bodyStart = (HEADER_START + length + 3) & ~3;
  const [offset, size] = header[list][index].blocks[part];
  return [bodyStart + offset, size];
}

/** The block of the document named `name`. */
export function blockOfDocument(bytes: Uint8Array, name: string, part: string): [number, number] {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(HEADER_START, HEADER_START + length))) as { documents: { name: string }[] };
  const index = header.documents.findIndex((d) => d.name === name);
  if (index < 0) throw new Error(`no document ${name} in the index`);
  return blockOf(bytes, 'documents', index, part);
}

/** The checksum the file's header gives one block of the document named `name`. */
export function blockSum(bytes: Uint8Array, name: string, part: string): string {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(HEADER_START, HEADER_START + length))) as { documents: { name: string; blocks: Record<string, [number, number, string]> }[] };
  const listed = header.documents.find((d) => d.name === name);
  if (!listed) throw new Error(`no document ${name} in the index`);
  return listed.blocks[part][2];
}

/** [absolute start, length] of the copy of the original file named `name` (a version 6 file). */
export function blockOfOriginal(bytes: Uint8Array, name: string): [number, number] {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(HEADER_START, HEADER_START + length))) as { originals?: { name: string; block: [number, number, string] }[] };
  const original = header.originals?.find((o) => o.name === name);
  if (!original) throw new Error(`no original ${name} in the index`);
  return [((HEADER_START + length + 3) & ~3) + original.block[0], original.block[1]];
}

/** [absolute start, length] of the app's records (a version 6 file that has them). */
export function blockOfAppRecords(bytes: Uint8Array): [number, number] {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(HEADER_START, HEADER_START + length))) as { app?: [number, number, string] };
  if (!header.app) throw new Error('no app records in the index');
  return [((HEADER_START + length + 3) & ~3) + header.app[0], header.app[1]];
}

/** The format version a file says it is in. */
export function versionOf(bytes: Uint8Array): number {
  return new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
}

/** Flips the lowest bit of one byte (a letter becomes its neighbour: "e" → "d"). */
export function flipByte(bytes: Uint8Array, at: number): void {
  bytes[at] ^= 1;
}

/** Writes a float32 NaN at a byte offset (4-aligned within a vector block). */
export function writeNaN(bytes: Uint8Array, at: number): void {
  new DataView(bytes.buffer, bytes.byteOffset).setFloat32(at, Number.NaN, true);
}

/** The version 1 encoding (before checksums), shared with the integrity bench. */
export { encodeIndexV1 as encodeV1 } from '../../bench/core/index-v1.ts';

/**
 * The file with every document's `part` block replaced by what `replace` makes of it (appended to
 * the body, listed and checksummed as the writer would): a file a writer of another layout wrote.
 */
export async function withBlocksReplaced(bytes: Uint8Array, part: string, replace: (block: Uint8Array) => Uint8Array): Promise<Uint8Array> {
  const sums = await checksums();
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(HEADER_START, HEADER_START + length))) as { documents: { blocks: Record<string, [number, number, string]> }[] };
  const body = bytes.subarray((HEADER_START + length + 3) & ~3);
  const added: Uint8Array[] = [];
  let end = body.length;
  for (const list of header.documents) {
    const [offset, size] = list.blocks[part];
    const block = replace(body.subarray(offset, offset + size));
    list.blocks[part] = [end, block.length, sums.bytes(block)];
    const padded = new Uint8Array((block.length + 3) & ~3);
    padded.set(block);
    added.push(padded);
    end += padded.length;
  }
  const head = new TextEncoder().encode(JSON.stringify(header));
  const bodyStart = (HEADER_START + head.length + 3) & ~3;
  const out = new Uint8Array(bodyStart + end);
  out.set(bytes.subarray(0, 8));
  new DataView(out.buffer).setUint32(8, head.length, true);
  out.set(new TextEncoder().encode(sums.bytes(head)), 12);
  out.set(head, HEADER_START);
  out.set(body, bodyStart);
  let at = bodyStart + body.length;
  for (const block of added) {
    out.set(block, at);
    at += block.length;
  }
  return out;
}
