/** Vectors are stored as the raw bytes of a Float32Array (platform byte order, little-endian in practice). */

/** A fresh, exactly sized ArrayBuffer: a view may sit inside a larger or shared buffer. */
export function vectorsToBuffer(vectors: Float32Array): ArrayBuffer {
  return new Float32Array(vectors).buffer;
}

export function bufferToVectors(buffer: ArrayBuffer): Float32Array {
  if (buffer.byteLength % Float32Array.BYTES_PER_ELEMENT !== 0) {
    throw new Error(`vector bytes (${buffer.byteLength}) are not a whole number of Float32 values`);
  }
  return new Float32Array(buffer);
}
