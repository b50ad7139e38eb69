/**
 * The engine worker's ClusterRunner: clustering on a worker of its own (workers/cluster.worker.ts).
 * On the engine worker, a question asked once a 10-K's chunks were embedded waited seconds for
 * clustering to let go of it (docs/decisions/2026-12-07-clustering-cost-measured.md). A stop (pause, cancel,
 * delete) ends the worker at once (worker-slot.ts); the next group starts a new one.
 */
import { proxy } from 'comlink';
import type { ClusterRunner, ClusterResult } from '../../src/core/ports.ts';
import type { ClusterOptions } from '../../src/core/cluster/cluster-chunks.ts';
import { clusterInThread } from '../../src/core/cluster/in-thread.ts';
import type { ClusterApi } from '../../src/protocol/workers.ts';
import { WorkerSlot } from './worker-slot.ts';

export class WorkerClusterRunner implements ClusterRunner {
  private readonly slot = new WorkerSlot<ClusterApi>(
    () => new Worker(new URL('../cluster.worker.ts', import.meta.url), { type: 'module', name: 'loci-cluster' }),
    'the clustering worker',
  );

  async cluster(chunkIds: readonly string[], vectors: readonly Float32Array[], options: ClusterOptions): Promise<ClusterResult> {
    // Where workers cannot start workers (the engine service under Node's tests), in place.
    if (typeof Worker === 'undefined') return clusterInThread.cluster(chunkIds, vectors, options);
    const { signal, onProgress, ...rest } = options;
    const dimension = vectors[0]?.length ?? 0;
    const flat = new Float32Array(vectors.length * dimension);
    vectors.forEach((v, i) => flat.set(v, i * dimension));
    const progress = proxy((done: number, total: number) => onProgress?.(done, total));
    return this.slot.call('clustering', signal, (api) => api.cluster([...chunkIds], flat, dimension, rest, progress));
  }
}
