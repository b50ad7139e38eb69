import { describe, expect, it } from 'vitest';
import { buildRaptorTree, type RaptorLeaf, type RaptorOptions } from '../../../src/core/cluster/index.ts';
import type { RaptorNode } from '../../../src/core/types.ts';
import { CancelledError } from '../../../src/core/util/abort.ts';
import { seededRandom } from '../../../src/core/util/random.ts';
import { gaussian, unit } from './fixtures.ts';

const DIM = 48;
const normal = gaussian(seededRandom(31));
const directions = [0, 1, 2].map(() => unit(Array.from({ length: DIM }, normal)));

/** A text's vector: the directions of the topics it names, plus noise fixed by the text. */
function embedText(text: string): Float32Array {
  const noise = gaussian(seededRandom([...text].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7)));
  const v = new Array<number>(DIM).fill(0);
  directions.forEach((dir, t) => {
    const count = text.split(`topic-${t} `).length - 1;
    for (let i = 0; i < DIM; i++) v[i] += count * dir[i];
  });
  const scale = Math.hypot(...v) || 1;
  return Float32Array.from(unit(v.map((x) => x / scale + (1.2 / Math.sqrt(DIM)) * noise())));
}

/** 36 leaves about 3 topics, interleaved. */
const leaves: RaptorLeaf[] = Array.from({ length: 36 }, (_, i) => {
  const text = `topic-${i % 3} leaf ${i}`;
  return { id: `doc:${i}`, text, vector: embedText(text) };
});

const subtopics = Array.from({ length: 9 }, () => unit(Array.from({ length: DIM }, normal)));

/** Like embedText for `sub-s` texts: subtopic s lies near topic floor(s / 3). */
function embedNested(text: string): Float32Array {
  const noise = gaussian(seededRandom([...text].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7)));
  const v = new Array<number>(DIM).fill(0);
  subtopics.forEach((sub, s) => {
    const count = text.split(`sub-${s} `).length - 1;
    for (let i = 0; i < DIM; i++) v[i] += count * (directions[Math.floor(s / 3)][i] + 0.7 * sub[i]);
  });
  const scale = Math.hypot(...v) || 1;
  return Float32Array.from(unit(v.map((x) => x / scale + (0.6 / Math.sqrt(DIM)) * noise())));
}

function options(extra: Partial<RaptorOptions> = {}): RaptorOptions & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    groupId: 'doc',
    seed: 3,
    threshold: 0.1,
    maxClusters: 50,
    minChunks: 8,
    maxLevels: 3,
    nEpochs: 100,
    summarize: async (texts) => {
      calls.push(texts);
      return `summary(${texts.join(' + ')})`;
    },
    embed: async (texts) => texts.map(embedText),
    calls,
    ...extra,
  };
}

function byLevel(nodes: RaptorNode[]): Map<number, RaptorNode[]> {
  const levels = new Map<number, RaptorNode[]>();
  for (const node of nodes) levels.set(node.level, [...(levels.get(node.level) ?? []), node]);
  return levels;
}

describe('buildRaptorTree', () => {
  it('builds topic nodes over the leaves and a root over them', async () => {
    const opts = options();
    const { nodes, vectors } = await buildRaptorTree(leaves, opts);
    const levels = byLevel(nodes);
    expect([...levels.keys()]).toEqual([1, 2]);
    const level1 = levels.get(1) ?? [];
    expect(level1.map((n) => n.id)).toEqual(['doc/r1.0', 'doc/r1.1', 'doc/r1.2']);
    // Each level-1 node summarizes one topic's leaves, in document order.
    level1.forEach((node, t) => {
      const want = leaves.filter((_, i) => i % 3 === t).map((l) => l.id);
      expect(node.children).toEqual(want);
      expect(node.leafChunkIds).toEqual(want);
      expect(node.summary).toBe(`summary(${leaves.filter((_, i) => i % 3 === t).map((l) => l.text).join(' + ')})`);
    });
    // Three items are fewer than minChunks: one root over them, covering every leaf in order.
    const [root] = levels.get(2) ?? [];
    expect(levels.get(2)).toHaveLength(1);
    expect(root.id).toBe('doc/r2.0');
    expect(root.children).toEqual(level1.map((n) => n.id));
    expect(root.leafChunkIds).toEqual(leaves.map((l) => l.id));
    expect(root.summary).toBe(`summary(${level1.map((n) => n.summary).join(' + ')})`);
    // One vector per node, the embedding of its summary.
    expect(vectors).toHaveLength(nodes.length);
    nodes.forEach((node, i) => expect(vectors[i]).toEqual(embedText(node.summary)));
    expect(opts.calls).toHaveLength(4);
  });

  it('clusters a level past maxTogether in equal consecutive runs: no node spans two runs', async () => {
    const { nodes } = await buildRaptorTree(leaves, options({ maxTogether: 18 }));
    const level1 = byLevel(nodes).get(1) ?? [];
    expect(level1).toHaveLength(6);
    const positions = new Map(leaves.map((l, i) => [l.id, i]));
    for (const node of level1) {
      const at = node.leafChunkIds.map((id) => positions.get(id)!);
      expect(new Set(at.map((i) => Math.floor(i / 18))).size).toBe(1);
      expect(new Set(at.map((i) => i % 3)).size).toBe(1);
    }
  });

  it('is deterministic', async () => {
    const a = await buildRaptorTree(leaves, options());
    const b = await buildRaptorTree(leaves, options());
    expect(a).toEqual(b);
  });

  it('stops at maxLevels', async () => {
    const { nodes } = await buildRaptorTree(leaves, options({ maxLevels: 1 }));
    expect(nodes.map((n) => n.level)).toEqual([1, 1, 1]);
  });

  it('puts a single root over a level smaller than minChunks', async () => {
    const few = leaves.slice(0, 5);
    const { nodes } = await buildRaptorTree(few, options());
    expect(nodes).toHaveLength(1);
    expect(nodes[0]).toMatchObject({ id: 'doc/r1.0', level: 1, children: few.map((l) => l.id), leafChunkIds: few.map((l) => l.id) });
  });

  it('builds nothing over one leaf or none', async () => {
    expect(await buildRaptorTree(leaves.slice(0, 1), options())).toEqual({ nodes: [], vectors: [] });
    expect(await buildRaptorTree([], options())).toEqual({ nodes: [], vectors: [] });
  });

  it('climbs three levels over nested topics, each node the union of its children', async () => {
    // 135 leaves about 9 subtopics, which pair up in threes into 3 topics. 15 leaves a subtopic:
    // with 10, nine 10-d components (65 parameters each) over 90 points left k = 9 or 8 to the seed
    // (seeds 3–5 gave 9/8/8 with umap-js and 8/8/8 after; with 15, k = 9 for seeds 3–7).
    const nested = Array.from({ length: 135 }, (_, i) => {
      const text = `sub-${i % 9} leaf ${i}`;
      return { id: `doc:${i}`, text, vector: embedNested(text) };
    });
    const { nodes } = await buildRaptorTree(nested, options({ nEpochs: 200, embed: async (texts) => texts.map(embedNested) }));
    const levels = byLevel(nodes);
    expect([...levels.keys()]).toEqual([1, 2, 3]);
    expect(levels.get(1)).toHaveLength(9);
    expect(levels.get(2)).toHaveLength(3);
    expect(levels.get(3)).toHaveLength(1);

    const byId = new Map(nodes.map((n) => [n.id, n]));
    const leafIndex = new Map(nested.map((l, i) => [l.id, i]));
    for (const node of nodes) {
      for (const child of node.children) expect(byId.get(child)?.level ?? 0).toBe(node.level - 1);
      const below = node.children.flatMap((c) => byId.get(c)?.leafChunkIds ?? [c]);
      const union = [...new Set(below)].sort((a, b) => (leafIndex.get(a) ?? 0) - (leafIndex.get(b) ?? 0));
      expect(node.leafChunkIds).toEqual(union);
    }
    // Level 1 finds the subtopics, level 2 the topics.
    for (const node of levels.get(1) ?? []) {
      expect(new Set(node.leafChunkIds.map((id) => (leafIndex.get(id) ?? 0) % 9)).size).toBe(1);
    }
    for (const node of levels.get(2) ?? []) {
      const topics = new Set(node.leafChunkIds.map((id) => Math.floor(((leafIndex.get(id) ?? 0) % 9) / 3)));
      expect(topics.size).toBe(1);
      expect(node.leafChunkIds).toHaveLength(45);
    }
    expect(levels.get(3)?.[0].leafChunkIds).toEqual(nested.map((l) => l.id));
  });

  it('reports summaries done out of those planned', async () => {
    const seen: [number, number][] = [];
    await buildRaptorTree(leaves, options({ onProgress: (d, t) => seen.push([d, t]) }));
    expect(seen[seen.length - 1]).toEqual([4, 4]);
    for (const [d, t] of seen) expect(d).toBeLessThanOrEqual(t);
  });

  it('throws CancelledError when aborted between nodes', async () => {
    const controller = new AbortController();
    const opts = options({ signal: controller.signal });
    const summarize = opts.summarize;
    opts.summarize = async (texts, signal) => {
      controller.abort();
      return summarize(texts, signal);
    };
    await expect(buildRaptorTree(leaves, opts)).rejects.toBeInstanceOf(CancelledError);
    expect(opts.calls).toHaveLength(1);
  });
});
