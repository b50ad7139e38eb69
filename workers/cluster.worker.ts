/// <reference lib="webworker" />
/**
 * Cluster worker entry, started by the engine worker: a group's clustering (seconds of CPU for a
 * long document) runs here, so the engine worker goes on answering questions meanwhile.
 */
import { expose } from 'comlink';
import { clusterChunks } from '../src/core/cluster/cluster-chunks.ts';
import type { ClusterApi } from '../src/protocol/workers.ts';

const api: ClusterApi = {
  async cluster(chunkIds, vectors, dimension, options, onProgress) {
    const rows = chunkIds.map((_, i) => vectors.subarray(i * dimension, (i + 1) * dimension));
    return clusterChunks(chunkIds.map((id) => ({ id })), rows, { ...options, onProgress });
  },
};

expose(api);
