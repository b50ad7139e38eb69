import { describe, expect, it } from 'vitest';
import { bufferToVectors, vectorsToBuffer } from '../../src/browser-storage/vectors.ts';

describe('vector bytes', () => {
  it('hands over the buffer of a view that covers it whole, without a copy', () => {
    const vectors = Float32Array.from([1, -0, 0.5, 3]);
    expect(vectorsToBuffer(vectors)).toBe(vectors.buffer);
  });

  it('copies exactly the bytes of a view inside a larger buffer', () => {
    const all = Float32Array.from([9, 1, 2, 9]);
    const inner = all.subarray(1, 3);
    const buffer = vectorsToBuffer(inner);
    expect(buffer).not.toBe(all.buffer);
    expect(Array.from(bufferToVectors(buffer))).toEqual([1, 2]);
  });

  it('refuses bytes that are not whole Float32 values', () => {
    expect(() => bufferToVectors(new ArrayBuffer(6))).toThrow(/not a whole number/);
  });
});
