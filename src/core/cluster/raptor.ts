import type { RaptorNode } from '../types.ts';
import { throwIfAborted } from '../util/abort.ts';
import { clusterVectors, MIN_POINTS } from './cluster-vectors.ts';
import { MAX_CLUSTERED_TOGETHER, runsOf } from './runs.ts';

/**
 * RAPTOR's tree, for collapsed-tree retrieval (every node is a retrieval target next to the
 * chunks, as RAGFlow does it): cluster a level with the same soft recipe as cluster chunks,
 * summarize each cluster into a node of the level above, embed the summaries, repeat.
 */

export interface RaptorLeaf {
  id: string;
  text: string;
  vector: Float32Array;
}

export interface RaptorOptions {
  groupId: string;
  seed: number;
  threshold: number;
  maxClusters: number;
  /** A level with fewer items is not clustered: it gets a single root. */
  minChunks: number;
  /** Summary levels above the leaves at most (e.g. 3). */
  maxLevels: number;
  /** One summary of the texts, given in order (an LLM or an extractive summarizer). */
  summarize: (texts: string[], signal?: AbortSignal) => Promise<string>;
  /** Vectors of the summaries, in the space of the leaf vectors. */
  embed: (texts: string[]) => Promise<Float32Array[]>;
  /** UMAP epochs per level (`defaultEpochs(n)` when absent). */
  nEpochs?: number;
  /** BIC search patience (see `clusterVectors`); Infinity fits every k up to maxClusters. */
  bicPatience?: number;
  /** Largest level clustered as one set; MAX_CLUSTERED_TOGETHER (runs.ts) when absent. */
  maxTogether?: number;
  signal?: AbortSignal;
  /** Summaries written out of those planned so far; the total grows as each level is clustered. */
  onProgress?: (done: number, total: number) => void;
}

interface LevelItem {
  id: string;
  text: string;
  vector: Float32Array;
  /** Positions in `leaves` of the leaves below, ascending. */
  leaves: number[];
}

/**
 * `leaves` in document order. Returns the nodes above them, level by level, and the embedding of
 * each node's summary (`vectors[i]` belongs to `nodes[i]`). Node ids are `${groupId}/r${level}.${index}`.
 *
 * A level stops the climb with a single root over all of its items when it has fewer than
 * `minChunks` items or when clustering leaves fewer than two clusters; otherwise the tree
 * stops at `maxLevels` or when a level has a single node. Every level is strictly smaller than
 * the one below (BIC tries at most n − 1 components), so the climb always ends.
 */
export async function buildRaptorTree(
  leaves: RaptorLeaf[],
  options: RaptorOptions,
): Promise<{ nodes: RaptorNode[]; vectors: Float32Array[] }> {
  const { groupId, signal } = options;
  const nodes: RaptorNode[] = [];
  const vectors: Float32Array[] = [];
  let items: LevelItem[] = leaves.map((leaf, i) => ({ id: leaf.id, text: leaf.text, vector: leaf.vector, leaves: [i] }));
  let done = 0;
  let planned = 0;

  for (let level = 1; level <= options.maxLevels && items.length > 1; level++) {
    throwIfAborted(signal, 'RAPTOR tree');
    const { groups, last } = groupLevel(items, options);
    planned += groups.length;
    options.onProgress?.(done, planned);

    const summaries: string[] = [];
    for (const group of groups) {
      throwIfAborted(signal, 'RAPTOR tree');
      summaries.push(await options.summarize(group.map((i) => items[i].text), signal));
      options.onProgress?.(++done, planned);
    }
    throwIfAborted(signal, 'RAPTOR tree');
    const embedded = await options.embed(summaries);
    if (embedded.length !== summaries.length) {
      throw new Error(`buildRaptorTree: embed returned ${embedded.length} vectors for ${summaries.length} summaries`);
    }

    const next: LevelItem[] = groups.map((group, index) => ({
      id: `${groupId}/r${level}.${index}`,
      text: summaries[index],
      vector: embedded[index],
      leaves: unionSorted(group.map((i) => items[i].leaves)),
    }));
    next.forEach((item, index) => {
      nodes.push({
        id: item.id,
        level,
        children: groups[index].map((i) => items[i].id),
        leafChunkIds: item.leaves.map((i) => leaves[i].id),
        summary: item.text,
      });
      vectors.push(item.vector);
    });
    items = next;
    if (last) break;
  }
  return { nodes, vectors };
}

/** The groups of one level (positions in `items`, ascending) and whether this level is the root. */
function groupLevel(items: LevelItem[], options: RaptorOptions): { groups: number[][]; last: boolean } {
  const everything = { groups: [items.map((_, i) => i)], last: true };
  if (items.length < Math.max(options.minChunks, MIN_POINTS)) return everything;
  // A level past the limit is clustered in equal consecutive runs, as cluster chunks are: one set
  // of tens of thousands of leaves would fall back to umap-js's graph and outgrow the heap.
  const groups: number[][] = [];
  for (const run of runsOf(items.length, options.maxTogether ?? MAX_CLUSTERED_TOGETHER)) {
    const result = clusterVectors(
      items.slice(run.start, run.end).map((item) => item.vector),
      {
        seed: options.seed,
        threshold: options.threshold,
        maxClusters: options.maxClusters,
        nEpochs: options.nEpochs,
        bicPatience: options.bicPatience,
        signal: options.signal,
      },
    );
    for (const c of result.clusters) groups.push(c.members.map((i) => i + run.start));
  }
  if (groups.length < 2) return everything;
  return { groups, last: false };
}

function unionSorted(lists: number[][]): number[] {
  return [...new Set(lists.flat())].sort((a, b) => a - b);
}
