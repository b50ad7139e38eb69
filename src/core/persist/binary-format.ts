/**
 * One-file encoding of an index snapshot:
 *
 *   bytes 0..3   "LOCI"
 *   bytes 4..7   format version (u32, little endian)
 *   bytes 8..11  header length H (u32)
 *   bytes 12..   header: UTF-8 JSON of the snapshot with every vector block replaced by
 *                { "$vectors": [offset, length] } (in floats, into the body)
 *   then         zero padding to a multiple of 4, and the body: all vectors as float32 LE
 *
 * JSON keeps the text readable and diffable; vectors stay binary because they are 95 % of the
 * bytes. Encoding is deterministic: the same snapshot gives the same bytes.
 */
import { FORMAT_VERSION } from './manifest.ts';
import type { IndexSnapshot } from './snapshot.ts';

const MAGIC = [0x4c, 0x4f, 0x43, 0x49]; // LOCI

// The file is little-endian; on such a host (every one Loci targets) vector blocks copy as bytes.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export class IndexFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IndexFormatError';
  }
}

type VectorRef = { $vectors: [number, number] };

export function encodeIndex(snapshot: IndexSnapshot): Uint8Array {
  const blocks: Float32Array[] = [];
  let floats = 0;
  const ref = (v: Float32Array): VectorRef => {
    blocks.push(v);
    const r: VectorRef = { $vectors: [floats, v.length] };
    floats += v.length;
    return r;
  };
  const header = {
    manifest: snapshot.manifest,
    documents: snapshot.documents.map((d) => ({ ...d, vectors: ref(d.vectors) })),
    groups: snapshot.groups.map((g) => ({ ...g, vectors: ref(g.vectors) })),
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const bodyStart = align4(12 + json.length);
  const out = new Uint8Array(bodyStart + floats * 4);
  out.set(MAGIC, 0);
  const view = new DataView(out.buffer);
  view.setUint32(4, FORMAT_VERSION, true);
  view.setUint32(8, json.length, true);
  out.set(json, 12);
  let offset = bodyStart;
  for (const block of blocks) {
    if (LITTLE_ENDIAN) out.set(new Uint8Array(block.buffer, block.byteOffset, block.byteLength), offset);
    else for (let i = 0; i < block.length; i++) view.setFloat32(offset + i * 4, block[i], true);
    offset += block.byteLength;
  }
  return out;
}

export function decodeIndex(bytes: Uint8Array): IndexSnapshot {
  if (bytes.length < 12 || MAGIC.some((b, i) => bytes[i] !== b)) {
    throw new IndexFormatError('not a Loci index file (the signature is missing)');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(4, true);
  if (version !== FORMAT_VERSION) {
    throw new IndexFormatError(`index format version ${version} is not supported (this build reads version ${FORMAT_VERSION})`);
  }
  const headerLength = view.getUint32(8, true);
  if (12 + headerLength > bytes.length) throw new IndexFormatError('the index file is truncated');
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(12, 12 + headerLength)));
  } catch {
    throw new IndexFormatError('the index header is damaged');
  }
  const bodyStart = align4(12 + headerLength);
  const bodyFloats = (bytes.length - bodyStart) / 4;
  const vectors = (value: unknown): Float32Array => {
    const r = (value as Partial<VectorRef> | undefined)?.$vectors;
    if (!Array.isArray(r) || r.length !== 2 || r[0] < 0 || r[0] + r[1] > bodyFloats) {
      throw new IndexFormatError('the index refers to vectors outside the file (truncated?)');
    }
    const start = bodyStart + r[0] * 4;
    const out = new Float32Array(r[1]);
    if (LITTLE_ENDIAN) new Uint8Array(out.buffer).set(bytes.subarray(start, start + r[1] * 4));
    else for (let i = 0; i < r[1]; i++) out[i] = view.getFloat32(start + i * 4, true);
    return out;
  };
  const h = header as { manifest?: unknown; documents?: unknown; groups?: unknown };
  if (!h || typeof h !== 'object' || !h.manifest || !Array.isArray(h.documents) || !Array.isArray(h.groups)) {
    throw new IndexFormatError('the index header lacks its manifest, documents or groups');
  }
  return {
    manifest: h.manifest as IndexSnapshot['manifest'],
    documents: (h.documents as Record<string, unknown>[]).map((d) => ({ ...d, vectors: vectors(d.vectors) }) as IndexSnapshot['documents'][number]),
    groups: (h.groups as Record<string, unknown>[]).map((g) => ({ ...g, vectors: vectors(g.vectors) }) as IndexSnapshot['groups'][number]),
  };
}

function align4(n: number): number {
  return (n + 3) & ~3;
}
