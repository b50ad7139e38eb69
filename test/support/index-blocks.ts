/**
 * Damage, done on purpose: where a block of an index file lies (from its version 2 header), and
 * ways to change bytes in it; and the version 1 encoding, to prove old files still open.
 */
import type { IndexSnapshot } from '../../src/core/persist/snapshot.ts';

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

/** Flips the lowest bit of one byte (a letter becomes its neighbour: "e" → "d"). */
export function flipByte(bytes: Uint8Array, at: number): void {
  bytes[at] ^= 1;
}

/** Writes a float32 NaN at a byte offset (4-aligned within a vector block). */
export function writeNaN(bytes: Uint8Array, at: number): void {
  new DataView(bytes.buffer, bytes.byteOffset).setFloat32(at, Number.NaN, true);
}

/** The version 1 encoding (before checksums): every record in the JSON header, vectors after it. */
export function encodeV1(snapshot: IndexSnapshot): Uint8Array {
  const blocks: Float32Array[] = [];
  let floats = 0;
  const ref = (v: Float32Array) => {
    blocks.push(v);
    const r = { $vectors: [floats, v.length] };
    floats += v.length;
    return r;
  };
  const header = {
    manifest: { ...snapshot.manifest, version: 1 },
    documents: snapshot.documents.map((d) => ({ ...d, vectors: ref(d.vectors) })),
    groups: snapshot.groups.map((g) => ({ ...g, vectors: ref(g.vectors) })),
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const bodyStart = (12 + json.length + 3) & ~3;
  const out = new Uint8Array(bodyStart + floats * 4);
  out.set([0x4c, 0x4f, 0x43, 0x49], 0);
  const view = new DataView(out.buffer);
  view.setUint32(4, 1, true);
  view.setUint32(8, json.length, true);
  out.set(json, 12);
  let offset = bodyStart;
  for (const block of blocks) {
    out.set(new Uint8Array(block.buffer, block.byteOffset, block.byteLength), offset);
    offset += block.byteLength;
  }
  return out;
}
