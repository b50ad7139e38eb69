/**
 * Clustering goes through the engine's ClusterRunner (the app's runs it on a worker of its own):
 * whatever runs it, the index is the same, and a stop while it runs is a stop.
 */
import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { encodeIndex } from '../../../src/core/stored-index/binary-format.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import type { ClusterRunner } from '../../../src/core/ports.ts';
import { clusterInThread } from '../../../src/core/cluster/index.ts';
import { CancelledError } from '../../../src/core/util/abort.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

const TOPICS = ['river boats and harbour trade', 'mountain snow and glacier ice', 'library books and quiet reading'];

function markdown(chapters: number): Uint8Array {
  const lines = ['# Topics'];
  for (let c = 0; c < chapters; c++) {
    lines.push(`## Chapter ${c + 1}`);
    for (let p = 0; p < 4; p++) lines.push(`Paragraph ${c}.${p} is about ${TOPICS[(c + p) % 3]}, and again ${TOPICS[(c + p) % 3]}.`);
  }
  return new TextEncoder().encode(lines.join('\n\n'));
}

const FILE = { name: 'topics.md', bytes: markdown(5) };
const SETTINGS = {
  chunking: { chunkTokens: 30, overlapTokens: 3 },
  clustering: { scope: 'document' as const, seed: 7, threshold: 0.1, maxClusters: 6, minChunks: 6 },
  preparse: { mode: 'extractive' as const },
};

async function indexWith(clusterer?: ClusterRunner) {
  const store = new MemoryIndexStore();
  const engine = await LociEngine.open({ embedder: hashEmbedder(), store, settings: SETTINGS, clusterer });
  await engine.indexFiles([FILE]);
  await engine.makeClusters();
  return { engine, store };
}

describe('the cluster runner', () => {
  it('is given each group to cluster, and the index is byte-identical to clustering in place', async () => {
    const calls: { ids: readonly string[]; rows: number }[] = [];
    const recording: ClusterRunner = {
      cluster(ids, vectors, options) {
        calls.push({ ids, rows: vectors.length });
        return clusterInThread.cluster(ids, vectors, options);
      },
    };
    const withRunner = await indexWith(recording);
    const inPlace = await indexWith();
    const [doc] = withRunner.store.snapshot()!.documents;
    expect(calls).toEqual([{ ids: doc.chunks.map((c) => c.id), rows: doc.chunks.length }]);
    expect(withRunner.store.snapshot()!.groups[0].group.clusters.length).toBeGreaterThan(1);
    expect(await encodeIndex(withRunner.store.snapshot()!)).toEqual(await encodeIndex(inPlace.store.snapshot()!));
  });

  it('stops clustering where it was when the runner is stopped, and a later run makes the clusters', async () => {
    const controller = new AbortController();
    const stopping: ClusterRunner = {
      async cluster() {
        controller.abort();
        throw new CancelledError('clustering');
      },
    };
    const store = new MemoryIndexStore();
    const engine = await LociEngine.open({ embedder: hashEmbedder(), store, settings: SETTINGS, clusterer: stopping });
    await engine.indexFiles([FILE]);
    await expect(engine.makeClusters({ signal: controller.signal })).rejects.toBeInstanceOf(CancelledError);
    // the document stays ready; only its clusters are missing
    expect(store.snapshot()!.documents[0].job.stage).toBe('ready');
    expect(store.snapshot()!.groups).toEqual([]);
    const resumed = await LociEngine.open({ embedder: hashEmbedder(), store, settings: SETTINGS });
    await resumed.makeClusters();
    expect(store.snapshot()!.groups[0].group.clusters.length).toBeGreaterThan(1);
  });
});
