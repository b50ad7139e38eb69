import { describe, expect, it } from 'vitest';
import { FlatVectorIndex } from '../../../src/core/search/index.ts';
import { int8Kernel } from '../../../src/core/search/int8-kernel.ts';
import { seededRandom } from '../../../src/core/util/random.ts';

describe('int8Kernel', () => {
  it('computes the integer dot products of the listed rows, in list order', () => {
    const kernel = int8Kernel();
    // Node 20 and every browser the app supports run WebAssembly SIMD
    expect(kernel).toBeDefined();
    if (!kernel) return;
    const random = seededRandom(3);
    const stride = 48;
    const rows = 40;
    kernel.memory.grow(1);
    const codes = new Int8Array(kernel.memory.buffer, 0, rows * stride);
    const query = new Int16Array(kernel.memory.buffer, 4096, stride);
    const list = new Int32Array(kernel.memory.buffer, 8192, 7);
    for (let i = 0; i < codes.length; i++) codes[i] = Math.round(random() * 254) - 127;
    for (let j = 0; j < stride; j++) query[j] = Math.round(random() * 65534) - 32767;
    list.set([39, 0, 17, 17, 5, 38, 1]);
    kernel.dots(4096, 0, stride, 8192, list.length, 12288);
    const out = new Int32Array(kernel.memory.buffer, 12288, list.length);
    const want = Array.from(list, (row) => {
      let s = 0;
      for (let j = 0; j < stride; j++) s += query[j] * codes[row * stride + j];
      return s;
    });
    expect(Array.from(out)).toEqual(want);
  });
});

describe('FlatVectorIndex (int8) through the kernel', () => {
  it('scores a dimension that is not a multiple of 16 within rounding of float32, while growing between searches', () => {
    const dim = 100;
    const random = seededRandom(5);
    const unit = () => {
      const v = Float32Array.from({ length: dim }, () => random() - 0.5);
      const norm = Math.hypot(...v);
      return v.map((x) => x / norm);
    };
    const exact = new FlatVectorIndex(dim, 'float32');
    const quantized = new FlatVectorIndex(dim, 'int8');
    for (let batch = 0; batch < 12; batch++) {
      // add, then search: the query's scratch space after the codes is overwritten by the next rows
      const vectors = Array.from({ length: 37 }, unit);
      exact.add(vectors);
      quantized.add(vectors);
      const query = unit();
      const want = new Map(exact.search(query, exact.size).map((h) => [h.row, h.score]));
      const got = quantized.search(query, quantized.size);
      expect(got).toHaveLength(exact.size);
      for (const hit of got) expect(Math.abs(hit.score - (want.get(hit.row) as number))).toBeLessThan(0.01);
      expect(quantized.vector(batch * 37)).toHaveLength(dim);
    }
    // 100 dimensions are stored as rows of 112 bytes for the SIMD steps
    expect(quantized.byteLength()).toBe(exact.size * 112 + exact.size * 4 + exact.size);
  });
});
