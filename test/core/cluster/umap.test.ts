import { UMAP } from 'umap-js';
import { describe, expect, it } from 'vitest';
import { cosineKnn } from '../../../src/core/cluster/index.ts';
import { fuzzyGraph } from '../../../src/core/cluster/fuzzy-graph.ts';
import { defaultEpochs } from '../../../src/core/cluster/reduce.ts';
import { layoutGraph } from '../../../src/core/cluster/umap-layout.ts';
import { seededRandom } from '../../../src/core/util/random.ts';
import { topicVectors } from './fixtures.ts';

interface SparseEntry {
  row: number;
  col: number;
  value: number;
}

/** umap-js's own fuzzy simplicial set for the same neighbours (its `graph`, a private field). */
function umapJsGraph(vectors: Float32Array[], k: number): SparseEntry[] {
  const knn = cosineKnn(vectors, k);
  const umap = new UMAP({ nComponents: 2, nNeighbors: k, random: seededRandom(1), nEpochs: 1 });
  umap.setPrecomputedKNN(knn.indices, knn.distances);
  umap.initializeFit(vectors.map((v) => Array.from(v)));
  const graph = (umap as unknown as { graph: { getAll(): SparseEntry[] } }).graph;
  return graph
    .getAll()
    .filter((e) => e.value > 0)
    .sort((a, b) => a.row - b.row || a.col - b.col);
}

describe('UMAP on the exact neighbours', () => {
  const { vectors, topic } = topicVectors(90, 3, 48, 1.2, 4);

  it('builds the same fuzzy simplicial set as umap-js', () => {
    const want = umapJsGraph(vectors, 9);
    const got = fuzzyGraph(cosineKnn(vectors, 9));
    expect(got.head.length).toBe(want.length);
    want.forEach((e, i) => {
      expect([got.head[i], got.tail[i]]).toEqual([e.row, e.col]);
      expect(got.weight[i]).toBeCloseTo(e.value, 12);
    });
  });

  it('lays out the same points the same way for a seed, and the seed is used', () => {
    const graph = fuzzyGraph(cosineKnn(vectors, 9));
    const a = layoutGraph(graph, { nComponents: 3, nEpochs: 60, random: seededRandom(5) });
    const b = layoutGraph(graph, { nComponents: 3, nEpochs: 60, random: seededRandom(5) });
    const c = layoutGraph(graph, { nComponents: 3, nEpochs: 60, random: seededRandom(6) });
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    for (const x of a) expect(Number.isFinite(x)).toBe(true);
  });

  it('keeps each topic together, apart from the others', () => {
    const xy = layoutGraph(fuzzyGraph(cosineKnn(vectors, 9)), { nComponents: 2, nEpochs: 200, random: seededRandom(5) });
    const dist = (i: number, j: number) => Math.hypot(xy[2 * i] - xy[2 * j], xy[2 * i + 1] - xy[2 * j + 1]);
    let within = 0;
    let across = 0;
    let nWithin = 0;
    let nAcross = 0;
    for (let i = 0; i < vectors.length; i++) {
      for (let j = i + 1; j < vectors.length; j++) {
        if (topic[i] === topic[j]) (within += dist(i, j)), nWithin++;
        else (across += dist(i, j)), nAcross++;
      }
    }
    expect(across / nAcross).toBeGreaterThan(3 * (within / nWithin));
  });

  it('spends umap-js\'s 500 epochs on small groups and a bounded budget on large ones', () => {
    expect(defaultEpochs(60)).toBe(500);
    expect(defaultEpochs(300)).toBe(500);
    expect(defaultEpochs(1000)).toBe(150);
    expect(defaultEpochs(3000)).toBe(100);
    expect(defaultEpochs(100_000)).toBe(100);
  });
});
