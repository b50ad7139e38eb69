import { describe, expect, it } from 'vitest';
import { FlatVectorIndex } from '../../../src/core/search/index.ts';
import { seededRandom } from '../../../src/core/util/random.ts';

function unitVectors(count: number, dim: number, seed: number): Float32Array[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const v = Float32Array.from({ length: dim }, () => random() * 2 - 1);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

describe('FlatVectorIndex (float32)', () => {
  it('scores by exact dot product, best first', () => {
    const index = new FlatVectorIndex(4);
    // Values exact in binary so the expected scores are exact too.
    const first = index.add([
      Float32Array.of(1, 0, 0, 0),
      Float32Array.of(0.5, 0.5, 0.5, 0.5),
      Float32Array.of(0, 0.75, 0.25, 0.5),
    ]);
    expect(first).toBe(0);
    const hits = index.search(Float32Array.of(0.5, 0.5, 0.5, 0.5), 10);
    expect(hits).toEqual([
      { row: 1, score: 1 },
      { row: 2, score: 0.75 },
      { row: 0, score: 0.5 },
    ]);
    expect(index.search(Float32Array.of(0.5, 0.5, 0.5, 0.5), 1)).toEqual([{ row: 1, score: 1 }]);
  });

  it('matches a direct dot product for dimensions around the unrolled step', () => {
    for (const dim of [1, 7, 8, 9, 17, 384]) {
      const vectors = unitVectors(40, dim, dim);
      const index = new FlatVectorIndex(dim);
      index.add(vectors);
      const query = unitVectors(1, dim, 1000 + dim)[0];
      const expected = vectors
        .map((v, row) => ({ row, score: dot(query, v) }))
        .sort((a, b) => b.score - a.score || a.row - b.row)
        .slice(0, 5);
      const hits = index.search(query, 5);
      expect(hits.map((h) => h.row)).toEqual(expected.map((h) => h.row));
      hits.forEach((h, i) => expect(h.score).toBeCloseTo(expected[i].score, 12));
    }
  });

  it('adds rows from one flat array and from a list, numbering them in order', () => {
    const index = new FlatVectorIndex(2);
    expect(index.add(Float32Array.of(1, 0, 0, 1, 0.5, 0.5))).toBe(0);
    expect(index.add([Float32Array.of(0.25, 0.75)])).toBe(3);
    expect(index.size).toBe(4);
    expect(Array.from(index.vector(3))).toEqual([0.25, 0.75]);
    expect(Array.from(index.vector(1))).toEqual([0, 1]);
    expect(() => index.add(Float32Array.of(1, 2, 3))).toThrow(RangeError);
    expect(() => index.add([Float32Array.of(1)])).toThrow(RangeError);
    expect(() => index.search(Float32Array.of(1), 1)).toThrow(RangeError);
  });

  it('grows past its initial capacity without losing rows', () => {
    const vectors = unitVectors(300, 8, 3);
    const index = new FlatVectorIndex(8);
    for (const v of vectors) index.add([v]);
    expect(index.size).toBe(300);
    expect(Array.from(index.vector(299))).toEqual(Array.from(vectors[299]));
    expect(index.search(vectors[150], 1)[0].row).toBe(150);
  });

  it('never returns removed rows, even the best one', () => {
    const index = new FlatVectorIndex(2);
    index.add([Float32Array.of(1, 0), Float32Array.of(0.5, 0.5), Float32Array.of(0, 1)]);
    index.removeRows([0]);
    index.removeRows(new Set([0])); // twice is harmless
    expect(index.size).toBe(3);
    expect(index.liveSize).toBe(2);
    expect(index.isRemoved(0)).toBe(true);
    expect(index.search(Float32Array.of(1, 0), 3)).toEqual([
      { row: 1, score: 0.5 },
      { row: 2, score: 0 },
    ]);
    expect(() => index.removeRows([3])).toThrow(RangeError);
  });

  it('restricts the scan to the given rows', () => {
    const index = new FlatVectorIndex(2);
    index.add([Float32Array.of(1, 0), Float32Array.of(0.75, 0.25), Float32Array.of(0.5, 0.5), Float32Array.of(0, 1)]);
    const query = Float32Array.of(1, 0);
    expect(index.search(query, 2, Int32Array.of(3, 2))).toEqual([
      { row: 2, score: 0.5 },
      { row: 3, score: 0 },
    ]);
    index.removeRows([2]);
    expect(index.search(query, 2, Int32Array.of(3, 2))).toEqual([{ row: 3, score: 0 }]);
    expect(index.search(query, 5, new Int32Array(0))).toEqual([]);
    expect(() => index.search(query, 1, Int32Array.of(4))).toThrow(RangeError);
  });

  it('reports the bytes of its vectors', () => {
    const index = new FlatVectorIndex(384);
    index.add(unitVectors(10, 384, 5));
    expect(index.byteLength()).toBe(10 * 384 * 4 + 10);
  });
});

describe('FlatVectorIndex (int8)', () => {
  const dim = 384;
  const vectors = unitVectors(1000, dim, 11);
  const exact = new FlatVectorIndex(dim, 'float32');
  const quantized = new FlatVectorIndex(dim, 'int8');
  exact.add(vectors);
  quantized.add(vectors);

  it('uses a quarter of the memory plus one scale per row', () => {
    expect(quantized.storage).toBe('int8');
    expect(quantized.byteLength()).toBe(1000 * dim + 1000 * 4 + 1000);
  });

  it('scores within a small error of the float32 scores', () => {
    let worst = 0;
    for (const query of unitVectors(20, dim, 12)) {
      const scores = new Map(exact.search(query, 1000).map((h) => [h.row, h.score]));
      for (const hit of quantized.search(query, 1000)) {
        worst = Math.max(worst, Math.abs(hit.score - (scores.get(hit.row) as number)));
      }
    }
    // Rounding error per component is at most scale/2 ≈ max|v|/254; over a unit query it stays
    // well under a hundredth (observed around 5e-4).
    expect(worst).toBeGreaterThan(0);
    expect(worst).toBeLessThan(0.005);
  });

  it('finds the same top-1 as float32 and nearly the same top-10', () => {
    const random = seededRandom(13);
    for (let i = 0; i < 30; i++) {
      // A query near a stored vector, as a paraphrase is near its passage.
      const target = vectors[Math.floor(random() * vectors.length)];
      const query = target.map((x) => x + (random() - 0.5) * 0.05);
      expect(quantized.search(query, 1)[0].row).toBe(exact.search(query, 1)[0].row);
    }
    for (const query of unitVectors(10, dim, 14)) {
      const want = new Set(exact.search(query, 10).map((h) => h.row));
      const overlap = quantized.search(query, 10).filter((h) => want.has(h.row)).length;
      expect(overlap).toBeGreaterThanOrEqual(8);
    }
  });

  it('dequantizes a stored vector to within half a step per component', () => {
    const restored = quantized.vector(42);
    const step = Math.max(...vectors[42].map(Math.abs)) / 127;
    for (let j = 0; j < dim; j++) expect(Math.abs(restored[j] - vectors[42][j])).toBeLessThanOrEqual(step / 2 + 1e-7);
  });

  it('keeps a zero vector at score 0 and honours removal and restriction', () => {
    const index = new FlatVectorIndex(2, 'int8');
    index.add([Float32Array.of(0, 0), Float32Array.of(1, 0), Float32Array.of(0, 1)]);
    const hits = index.search(Float32Array.of(1, 0), 3);
    expect(hits.map((h) => h.row)).toEqual([1, 0, 2]);
    // 127 steps of the float32-rounded scale 1/127: one, up to float32 rounding.
    expect(hits[0].score).toBeCloseTo(1, 7);
    expect(hits[1].score).toBe(0);
    index.removeRows([1]);
    expect(index.search(Float32Array.of(1, 0), 1, Int32Array.of(1, 2))).toEqual([{ row: 2, score: 0 }]);
  });
});

describe('FlatVectorIndex.searchScored', () => {
  const dim = 24;
  const vectors = unitVectors(50, dim, 5);
  const query = unitVectors(1, dim, 6)[0];
  const mean = (rows: number[]) => rows.reduce((sum, r) => sum + dot(query, vectors[r]), 0) / rows.length;

  for (const storage of ['float32', 'int8'] as const) {
    it(`gives the mean score of every row it scanned, not only of the hits (${storage})`, () => {
      const index = new FlatVectorIndex(dim, storage);
      index.add(vectors);
      index.removeRows([3]);
      const tolerance = storage === 'float32' ? 1e-6 : 2e-3;
      const all = Array.from({ length: 50 }, (_, r) => r).filter((r) => r !== 3);
      const scored = index.searchScored(query, 5);
      expect(scored.hits).toEqual(index.search(query, 5));
      expect(Math.abs(scored.mean - mean(all))).toBeLessThan(tolerance);
      // restricted to some rows, the mean is theirs (the removed row still left out)
      const rows = Int32Array.from([1, 3, 8, 20, 41]);
      expect(Math.abs(index.searchScored(query, 2, rows).mean - mean([1, 8, 20, 41]))).toBeLessThan(tolerance);
    });
  }

  it('gives 0 when it scans nothing', () => {
    const index = new FlatVectorIndex(dim);
    expect(index.searchScored(query, 5)).toEqual({ hits: [], mean: 0 });
  });
});
