/**
 * The index file as version 1 wrote it (every record in one JSON header, vectors after it, no
 * checksums): what `decodeIndex` must still open, and the baseline the integrity bench times.
 */
import type { IndexSnapshot } from '../../src/core/stored-index/snapshot.ts';

export function encodeIndexV1(snapshot: IndexSnapshot): Uint8Array {
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
