import { describe, expect, it } from 'vitest';
import { cosineKnn } from '../../../src/core/cluster/index.ts';
import { seededRandom } from '../../../src/core/util/random.ts';

function bruteForce(vectors: number[][], k: number): { indices: number[][]; distances: number[][] } {
  const norm = (v: number[]) => Math.hypot(...v);
  const indices: number[][] = [];
  const distances: number[][] = [];
  vectors.forEach((a, i) => {
    const scored = vectors.map((b, j) => {
      const dot = a.reduce((s, x, t) => s + x * b[t], 0) / (norm(a) * norm(b));
      return { j, d: j === i ? 0 : Math.max(0, 1 - dot) };
    });
    scored.sort((x, y) => (x.j === i ? -1 : y.j === i ? 1 : x.d - y.d || x.j - y.j));
    indices.push(scored.slice(0, k).map((s) => s.j));
    distances.push(scored.slice(0, k).map((s) => s.d));
  });
  return { indices, distances };
}

describe('cosineKnn', () => {
  it('matches a brute-force sort across tile boundaries, self first', () => {
    const random = seededRandom(3);
    // 300 points: more than one row tile and more than two column tiles.
    const vectors = Array.from({ length: 300 }, () => Array.from({ length: 7 }, () => random() - 0.5));
    const got = cosineKnn(vectors, 6);
    const want = bruteForce(vectors, 6);
    expect(got.indices).toEqual(want.indices);
    got.distances.forEach((row, i) => row.forEach((d, j) => expect(d).toBeCloseTo(want.distances[i][j], 12)));
  });

  it('orders ties by index and scales away vector length', () => {
    // Points 1, 2 and 3 are the same direction as 0 at different lengths.
    const vectors = [[1, 0], [2, 0], [0.5, 0], [3, 0], [0, 1], [1, 1]];
    const { indices, distances } = cosineKnn(vectors, 4);
    expect(indices[0]).toEqual([0, 1, 2, 3]);
    expect(indices[3]).toEqual([3, 0, 1, 2]);
    expect(distances[3]).toEqual([0, 0, 0, 0]);
    expect(indices[4].slice(0, 2)).toEqual([4, 5]);
  });
});
