import { describe, expect, it } from 'vitest';
import { clusterChunks } from '../../../src/core/cluster/index.ts';
import { seededRandom } from '../../../src/core/util/random.ts';
import { chunksFor, gaussian, unit } from './fixtures.ts';

/** Six subtopics drawn around two topic directions: chunk i belongs to subtopic i % 6. */
function nestedTopics(n: number, dim: number, seed: number) {
  const normal = gaussian(seededRandom(seed));
  const topics = [0, 1].map(() => unit(Array.from({ length: dim }, normal)));
  const subs = [0, 1, 2, 3, 4, 5].map((s) => unit(topics[s < 3 ? 0 : 1].map((x) => 3 * x + normal())));
  const vectors = Array.from({ length: n }, (_, i) => Float32Array.from(unit(subs[i % 6].map((x) => x + (0.15 / Math.sqrt(dim)) * normal()))));
  return { vectors, subOf: (i: number) => i % 6 };
}

describe('clusterChunks with maxClusterSize (global then local clustering)', () => {
  const n = 72;
  const { vectors, subOf } = nestedTopics(n, 32, 5);
  const chunks = chunksFor(n);
  const base = { groupId: 'g', seed: 3, threshold: 0.1, maxClusters: 2, minChunks: 8 };
  const ordinal = (id: string) => Number(id.split(':')[1]);

  it('splits clusters larger than the cap among their own members', () => {
    const global = clusterChunks(chunks, vectors, base);
    const local = clusterChunks(chunks, vectors, { ...base, maxClusterSize: 15 });
    expect(global.clusters.length).toBe(2);
    expect(Math.max(...global.clusters.map((c) => c.members.length))).toBeGreaterThan(15);
    expect(local.clusters.length).toBeGreaterThan(global.clusters.length);
    // every local cluster lies inside one global cluster, and probabilities stay probabilities
    const globalSets = global.clusters.map((c) => new Set(c.members.map((m) => m.chunkId)));
    for (const c of local.clusters) {
      expect(globalSets.some((g) => c.members.every((m) => g.has(m.chunkId)))).toBe(true);
      for (const m of c.members) expect(m.p).toBeGreaterThan(0), expect(m.p).toBeLessThanOrEqual(1);
    }
    // the split follows the data: here each subtopic of the big global cluster comes out whole
    const largest = (r: typeof global) => Math.max(...r.clusters.map((c) => c.members.length));
    expect(largest(local)).toBeLessThan(largest(global));
    const pure = local.clusters.filter((c) => new Set(c.members.map((m) => subOf(ordinal(m.chunkId)))).size === 1);
    expect(pure.length).toBeGreaterThanOrEqual(3);
    expect(local.clusters.map((c) => c.id)).toEqual(local.clusters.map((_, i) => `g#${i}`));
  });

  it('is deterministic and leaves small clusters alone', () => {
    const a = clusterChunks(chunks, vectors, { ...base, maxClusterSize: 15 });
    const b = clusterChunks(chunks, vectors, { ...base, maxClusterSize: 15 });
    expect(b).toEqual(a);
    const uncapped = clusterChunks(chunks, vectors, { ...base, maxClusterSize: n });
    expect(uncapped).toEqual(clusterChunks(chunks, vectors, base));
  });
});
