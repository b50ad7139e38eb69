/** Vectors are stored as the raw bytes of a Float32Array (platform byte order, little-endian in practice). */

/**
 * The bytes to store. A view over its whole (unshared) buffer hands that buffer over as it is:
 * IndexedDB clones a value when it is put, so no copy is needed. Only a view inside a larger or
 * shared buffer is copied into an exactly sized one.
 */
export function vectorsToBuffer(vectors: Float32Array): ArrayBuffer {
  const { buffer } = vectors;
  if (buffer instanceof ArrayBuffer && vectors.byteOffset === 0 && vectors.byteLength === buffer.byteLength) return buffer;
  return vectors.slice().buffer;
}

export function bufferToVectors(buffer: ArrayBuffer): Float32Array {
  if (buffer.byteLength % Float32Array.BYTES_PER_ELEMENT !== 0) {
    throw new Error(`vector bytes (${buffer.byteLength}) are not a whole number of Float32 values`);
  }
  return new Float32Array(buffer);
}
