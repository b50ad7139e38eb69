import { describe, expect, it } from 'vitest';
import { clusterChunks, type ClusterOptions } from '../../../src/core/cluster/index.ts';
import { CancelledError } from '../../../src/core/util/abort.ts';
import { chunksFor, topicVectors } from './fixtures.ts';

const base: ClusterOptions = { groupId: 'doc', seed: 7, threshold: 0.1, maxClusters: 50, minChunks: 8 };
// 60 chunks about 3 topics, interleaved in document order; within a topic cosine ≈ 0.3.
const { vectors, topic } = topicVectors(60, 3, 384, 1.5, 21);
const chunks = chunksFor(60);

describe('clusterChunks', () => {
  it('groups chunks of the same topic together', () => {
    const result = clusterChunks(chunks, vectors, base);
    expect(result.k).toBe(3);
    expect(result.bic[2]).toBe(Math.min(...result.bic));
    expect(result.clusters).toHaveLength(3);
    for (const cluster of result.clusters) {
      const topics = new Set(cluster.members.map((m) => topic[chunks.findIndex((c) => c.id === m.chunkId)]));
      expect(topics.size).toBe(1);
      expect(cluster.members).toHaveLength(20);
    }
    expect(result.layout).toBeUndefined();
  });

  it('stops the k search early by default and chooses what the exhaustive search chooses', () => {
    const fast = clusterChunks(chunks, vectors, base);
    const full = clusterChunks(chunks, vectors, { ...base, bicPatience: Infinity });
    expect(fast.bic.length).toBeLessThan(full.bic.length);
    expect(fast.bic).toEqual(full.bic.slice(0, fast.bic.length));
    expect(fast).toEqual({ ...full, bic: fast.bic });
  });

  it('finds 8 topics among 480 chunks with the default settings, the same for a seed', () => {
    const many = topicVectors(480, 8, 384, 1.5, 22);
    const run = () => clusterChunks(chunksFor(480), many.vectors, base);
    const result = run();
    expect(result.k).toBe(8);
    for (const cluster of result.clusters) {
      const topics = new Set(cluster.members.map((m) => many.topic[Number(m.chunkId.split(':')[1])]));
      expect(topics.size).toBe(1);
    }
    expect(run()).toEqual(result);
  });

  it('names clusters by group and orders them and their members by document order', () => {
    const result = clusterChunks(chunks, vectors, base);
    expect(result.clusters.map((c) => c.id)).toEqual(['doc#0', 'doc#1', 'doc#2']);
    // Chunk 0 is about topic 0, chunk 1 about topic 1…: cluster #i starts with chunk i.
    expect(result.clusters.map((c) => c.members[0].chunkId)).toEqual(['doc:0', 'doc:1', 'doc:2']);
    for (const cluster of result.clusters) {
      const ordinals = cluster.members.map((m) => Number(m.chunkId.split(':')[1]));
      expect(ordinals).toEqual([...ordinals].sort((a, b) => a - b));
      for (const m of cluster.members) expect(m.p).toBeGreaterThan(0.1);
    }
  });

  it('gives the same output for the same seed, and the seed is used', () => {
    const a = clusterChunks(chunks, vectors, { ...base, layout: true });
    const b = clusterChunks(chunks, vectors, { ...base, layout: true });
    expect(a).toEqual(b);
    const c = clusterChunks(chunks, vectors, { ...base, seed: 8, layout: true });
    expect(c.layout?.xy).not.toEqual(a.layout?.xy);
  });

  it('returns a 2-D layout of every chunk when asked', () => {
    const result = clusterChunks(chunks, vectors, { ...base, layout: true });
    expect(result.layout?.chunkIds).toEqual(chunks.map((c) => c.id));
    expect(result.layout?.xy).toHaveLength(120);
    for (const v of result.layout?.xy ?? []) expect(Number.isFinite(v)).toBe(true);
  });

  it('skips a group smaller than minChunks', () => {
    expect(clusterChunks(chunks.slice(0, 7), vectors.slice(0, 7), base)).toEqual({ k: 0, bic: [], clusters: [] });
    // Below 3 chunks UMAP cannot run whatever minChunks says.
    expect(clusterChunks(chunks.slice(0, 2), vectors.slice(0, 2), { ...base, minChunks: 0 })).toEqual({
      k: 0,
      bic: [],
      clusters: [],
    });
  });

  it('clusters a group right at minChunks', () => {
    const few = topicVectors(8, 2, 32, 0.3, 5);
    const result = clusterChunks(chunksFor(8), few.vectors, { ...base, minChunks: 8 });
    expect(result.k).toBeGreaterThanOrEqual(1);
    expect(result.bic.length).toBeGreaterThanOrEqual(1);
    for (const cluster of result.clusters) expect(cluster.members.length).toBeGreaterThan(1);
  });

  it('reports progress up to its total', () => {
    const seen: [number, number][] = [];
    clusterChunks(chunks, vectors, { ...base, nEpochs: 50, layout: true, onProgress: (d, t) => seen.push([d, t]) });
    const total = seen[0][1];
    expect(total).toBe(50 + 50 + 50); // two reductions of 50 epochs, up to 50 k's
    for (const [, t] of seen) expect(t).toBe(total);
    for (let i = 1; i < seen.length; i++) expect(seen[i][0]).toBeGreaterThanOrEqual(seen[i - 1][0]);
    expect(seen[seen.length - 1][0]).toBe(total);
  });

  it('throws CancelledError when aborted before, during UMAP or during the BIC search', () => {
    const before = new AbortController();
    before.abort();
    expect(() => clusterChunks(chunks, vectors, { ...base, signal: before.signal })).toThrow(CancelledError);

    for (const at of [10, 105]) {
      // Epochs 1..100 are UMAP, 101.. the BIC search.
      const controller = new AbortController();
      let last = 0;
      const run = () =>
        clusterChunks(chunks, vectors, {
          ...base,
          nEpochs: 100,
          signal: controller.signal,
          onProgress: (done) => {
            last = done;
            if (done >= at) controller.abort();
          },
        });
      expect(run).toThrow(CancelledError);
      expect(last).toBe(at);
    }
  });

  it('clusters a group past maxTogether in equal consecutive runs, each as if alone', () => {
    // 120 chunks about 3 topics, interleaved; runs of at most 50 → 3 runs of 40
    const long = topicVectors(120, 3, 384, 1.5, 23);
    const longChunks = chunksFor(120);
    const seen: [number, number][] = [];
    const result = clusterChunks(longChunks, long.vectors, { ...base, maxTogether: 50, layout: true, onProgress: (d, t) => seen.push([d, t]) });
    expect(result.k).toBe(9);
    expect(result.bic).toEqual([]);
    // the runs' maps each in its own unit square of a 2 × 2 grid, read like text in document order
    expect(result.layout!.chunkIds).toEqual(longChunks.map((c) => c.id));
    const corners = [[0, 0], [1.25, 0], [0, 1.25]];
    for (let i = 0; i < 120; i++) {
      const [left, top] = corners[Math.floor(i / 40)];
      const [x, y] = result.layout!.xy.slice(2 * i, 2 * i + 2);
      expect(x >= left - 1e-9 && x <= left + 1 + 1e-9 && y >= top - 1e-9 && y <= top + 1 + 1e-9).toBe(true);
    }
    expect(clusterChunks(longChunks, long.vectors, { ...base, maxTogether: 50 }).layout).toBeUndefined();
    expect(result.clusters.map((c) => c.id)).toEqual(Array.from({ length: 9 }, (_, i) => `doc#${i}`));
    for (const cluster of result.clusters) {
      const ordinals = cluster.members.map((m) => Number(m.chunkId.split(':')[1]));
      const run = Math.floor(ordinals[0] / 40);
      expect(ordinals.every((o) => Math.floor(o / 40) === run)).toBe(true);
      expect(new Set(ordinals.map((o) => long.topic[o])).size).toBe(1);
    }
    // the middle run clusters exactly as those 40 chunks do on their own
    const alone = clusterChunks(longChunks.slice(40, 80), long.vectors.slice(40, 80), base);
    expect(result.clusters.slice(3, 6).map((c) => c.members)).toEqual(alone.clusters.map((c) => c.members));
    expect(seen.every(([, t]) => t === 3000)).toBe(true);
    expect(clusterChunks(longChunks, long.vectors, { ...base, maxTogether: 50 }).clusters).toEqual(result.clusters);
    for (let i = 1; i < seen.length; i++) expect(seen[i][0]).toBeGreaterThanOrEqual(seen[i - 1][0]);
    expect(seen[seen.length - 1][0]).toBe(3000);
  });

  it('rejects mismatched chunks and vectors', () => {
    expect(() => clusterChunks(chunks, vectors.slice(1), base)).toThrow(RangeError);
  });
});
