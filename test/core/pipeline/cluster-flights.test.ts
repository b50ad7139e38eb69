/**
 * One clustering of a document at a time (pipeline/group-flights.ts): a second reader waits for
 * the run under way and hears its progress, takes over when that run is cancelled, and a document
 * deleted while its clusters are made leaves no group behind. The real engine and clustering, with
 * the clustering held at a gate so that the readers' order is the test's.
 */
import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { clusterInThread } from '../../../src/core/cluster/index.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import type { ClusterRunner, Progress } from '../../../src/core/ports.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';
import { gate } from '../../workers/gate.ts';

const SETTINGS = {
  chunking: { chunkTokens: 30, overlapTokens: 3 },
  clustering: { scope: 'document' as const, seed: 7, threshold: 0.1, maxClusters: 8, minChunks: 6 },
  preparse: { mode: 'extractive' as const },
};

function markdown(title: string): Uint8Array {
  const topics = ['river boats', 'mountain snow', 'quiet reading', 'garden roses'];
  const lines = [`# ${title}`];
  for (let p = 0; p < 24; p++) lines.push(`${title} part ${p} is about ${topics[p % 4]}, and again ${topics[p % 4]}, at some length.`);
  return new TextEncoder().encode(lines.join('\n\n'));
}

/** Real clustering that waits at `held` before it starts, counting its runs. */
function heldClusterer() {
  const state = { runs: 0, held: gate(), started: gate() };
  const runner: ClusterRunner = {
    async cluster(ids, vectors, options) {
      state.runs++;
      state.started.resolve();
      await state.held.promise;
      if (options.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      return clusterInThread.cluster(ids, vectors, options);
    },
  };
  return { state, runner };
}

async function library(runner: ClusterRunner) {
  const engine = await LociEngine.open({ embedder: hashEmbedder(), store: new MemoryIndexStore(), settings: SETTINGS, clusterer: runner });
  await engine.indexFiles([{ name: 'alpha.md', bytes: markdown('Alpha') }]);
  return { engine, id: engine.documents[0].doc.id };
}

describe('clusters made once while several readers want them', () => {
  it('a second reader waits for the run under way, hears its progress, and nothing is clustered twice', async () => {
    const { state, runner } = heldClusterer();
    const { engine, id } = await library(runner);
    expect(engine.unclustered()).toEqual([id]);
    expect(engine.clusterCount(id)).toBeUndefined();
    const first = engine.makeClusters({ docIds: new Set([id]) });
    await state.started.promise;
    const heard: Progress[] = [];
    const second = engine.makeClusters({ docIds: new Set([id]), onProgress: (p) => heard.push(p) });
    state.held.resolve();
    await Promise.all([first, second]);
    expect(state.runs).toBe(1);
    expect(heard.some((p) => p.stage === 'cluster' && p.done === p.total)).toBe(true);
    expect(engine.clusterCount(id)).toBeGreaterThan(0);
    expect(engine.unclustered()).toEqual([]);
  });

  it('when the run under way is cancelled, the reader waiting on it clusters the document itself', async () => {
    const { state, runner } = heldClusterer();
    const { engine, id } = await library(runner);
    const stop = new AbortController();
    const first = engine.makeClusters({ docIds: new Set([id]), signal: stop.signal });
    await state.started.promise;
    const second = engine.makeClusters({ docIds: new Set([id]) });
    stop.abort();
    state.held.resolve();
    await expect(first).rejects.toThrow();
    await second;
    expect(state.runs).toBe(2);
    expect(engine.clusterCount(id)).toBeGreaterThan(0);
  });

  it('a reader cancelled while it waits stops waiting, and the run under way goes on', async () => {
    const { state, runner } = heldClusterer();
    const { engine, id } = await library(runner);
    const first = engine.makeClusters({ docIds: new Set([id]) });
    await state.started.promise;
    const stop = new AbortController();
    const second = engine.makeClusters({ docIds: new Set([id]), signal: stop.signal });
    stop.abort();
    await expect(second).rejects.toThrow(/cancelled/);
    state.held.resolve();
    await first;
    expect(state.runs).toBe(1);
    expect(engine.clusterCount(id)).toBeGreaterThan(0);
  });

  it('a document deleted while its clusters are made leaves no group behind', async () => {
    const { state, runner } = heldClusterer();
    const { engine, id } = await library(runner);
    const making = engine.makeClusters({ docIds: new Set([id]) });
    await state.started.promise;
    await engine.removeDocument(id);
    state.held.resolve();
    await making;
    expect(engine.clusterCount(id)).toBeUndefined();
    expect(engine.snapshot().groups).toEqual([]);
  });
});
