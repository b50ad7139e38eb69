/**
 * The stored bytes of a record's vectors. An index that searches int8 vectors (the manifest's
 * `vectorStorage`) stores them so too: per row, its float32 scale (little endian) then its
 * `dimension` codes, 4 + d bytes where float32 takes 4·d (388 against 1,536 bytes a 384-d entry).
 * Loaded back they dequantize to the floats the index searched all along: the same codes again
 * (search/quantize.ts), so results do not change across a reload.
 */
import { quantizeRow } from '../search/quantize.ts';
import type { VectorStorage } from '../types.ts';

// The stores are little-endian; on such a host (every one Loci targets) float32 blocks copy as bytes.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** `format` absent (a manifest from before int8 search) is float32. */
export function encodeVectors(vectors: Float32Array, dimension: number, format: VectorStorage | undefined): Uint8Array {
  if (format !== 'int8') return float32Bytes(vectors);
  const rows = vectors.length / dimension;
  const out = new Uint8Array(rows * (4 + dimension));
  const view = new DataView(out.buffer);
  const codes = new Int8Array(out.buffer);
  for (let r = 0; r < rows; r++) {
    const base = r * (4 + dimension);
    view.setFloat32(base, quantizeRow(vectors, r * dimension, dimension, codes, base + 4), true);
  }
  return out;
}

/** The vectors stored as `encodeVectors` wrote them; a RangeError when the bytes are not whole rows. */
export function decodeVectors(bytes: Uint8Array, dimension: number, format: VectorStorage | undefined): Float32Array {
  if (format !== 'int8') {
    if (bytes.length % 4 !== 0) throw new RangeError(`${bytes.length} bytes are not a whole number of float32 values`);
    const out = new Float32Array(bytes.length / 4);
    if (LITTLE_ENDIAN) new Uint8Array(out.buffer).set(bytes);
    else {
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
    }
    return out;
  }
  const width = 4 + dimension;
  if (bytes.length % width !== 0) throw new RangeError(`${bytes.length} bytes are not whole int8 rows of ${dimension} dimensions`);
  const rows = bytes.length / width;
  const out = new Float32Array(rows * dimension);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const codes = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let r = 0; r < rows; r++) {
    const scale = view.getFloat32(r * width, true);
    const from = r * width + 4;
    for (let j = 0; j < dimension; j++) out[r * dimension + j] = codes[from + j] * scale;
  }
  return out;
}

function float32Bytes(block: Float32Array): Uint8Array {
  if (LITTLE_ENDIAN) return new Uint8Array(block.buffer, block.byteOffset, block.byteLength);
  const out = new Uint8Array(block.byteLength);
  const view = new DataView(out.buffer);
  for (let i = 0; i < block.length; i++) view.setFloat32(i * 4, block[i], true);
  return out;
}

/**
 * The vectors as the store will give them back: int8-rounded for an int8 index. The indexer keeps
 * its records so from the start, so a run resumed from the store clusters the very vectors an
 * uninterrupted run did, and the index stays the same bytes either way.
 */
export function atStoredPrecision(vectors: Float32Array, dimension: number, format: VectorStorage | undefined): Float32Array {
  return format !== 'int8' ? vectors : decodeVectors(encodeVectors(vectors, dimension, format), dimension, format);
}

/**
 * Rounds rows `fromRow` and later to stored precision in place, for a record growing by appended
 * rows whose earlier rows are rounded already: a pre-parse checkpoint then costs what it adds.
 */
export function roundRowsToStored(vectors: Float32Array, dimension: number, format: VectorStorage | undefined, fromRow: number): void {
  if (format !== 'int8' || fromRow * dimension >= vectors.length) return;
  vectors.set(atStoredPrecision(vectors.subarray(fromRow * dimension), dimension, format), fromRow * dimension);
}
