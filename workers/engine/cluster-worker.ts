/**
 * The engine worker's ClusterRunner: clustering on a worker of its own (workers/cluster.worker.ts).
 * Measured with bench:browser on a 104-page 10-K (1,582 chunks), a question asked once the chunks
 * were embedded waited 4.6 s for clustering to let go of the engine worker. A stop (pause, cancel,
 * delete) ends the worker at once, since a busy worker reads no message; the next group starts a
 * new one.
 */
import { proxy, wrap, type Remote } from 'comlink';
import type { ClusterRunner, ClusterResult } from '../../src/core/ports.ts';
import type { ClusterOptions } from '../../src/core/cluster/cluster-chunks.ts';
import { clusterInThread } from '../../src/core/cluster/in-thread.ts';
import { CancelledError, throwIfAborted } from '../../src/core/util/abort.ts';
import type { ClusterApi } from '../../src/protocol/workers.ts';

interface Running {
  worker: Worker;
  api: Remote<ClusterApi>;
  /** Rejects when the worker fails to start or throws outside a call. */
  failed: Promise<never>;
}

export class WorkerClusterRunner implements ClusterRunner {
  private running: Running | undefined;

  async cluster(chunkIds: readonly string[], vectors: readonly Float32Array[], options: ClusterOptions): Promise<ClusterResult> {
    // Where workers cannot start workers (the engine service under Node's tests), in place.
    if (typeof Worker === 'undefined') return clusterInThread.cluster(chunkIds, vectors, options);
    const { signal, onProgress, ...rest } = options;
    throwIfAborted(signal, 'clustering');
    const dimension = vectors[0]?.length ?? 0;
    const flat = new Float32Array(vectors.length * dimension);
    vectors.forEach((v, i) => flat.set(v, i * dimension));
    const running = this.start();
    const progress = proxy((done: number, total: number) => onProgress?.(done, total));
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        this.stop(running);
        reject(new CancelledError('clustering'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([running.api.cluster([...chunkIds], flat, dimension, rest, progress), running.failed, aborted]);
    } finally {
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }

  private start(): Running {
    if (this.running) return this.running;
    // Vite bundles a worker only when it sees this exact `new Worker(new URL(literal, import.meta.url))`.
    const worker = new Worker(new URL('../cluster.worker.ts', import.meta.url), { type: 'module', name: 'loci-cluster' });
    const failed = new Promise<never>((_, reject) => {
      worker.addEventListener('error', (event) => {
        this.stop(running);
        reject(new Error(`the clustering worker failed: ${event.message || 'it could not start'}`));
      });
    });
    failed.catch(() => undefined);
    const running: Running = { worker, api: wrap<ClusterApi>(worker), failed };
    this.running = running;
    return running;
  }

  private stop(running: Running): void {
    running.worker.terminate();
    if (this.running === running) this.running = undefined;
  }
}
