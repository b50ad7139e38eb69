/** The clustering runner that runs where it is called: the CLI, tests and the fallback of the app. */
import type { ClusterRunner } from '../ports.ts';
import { clusterChunks } from './cluster-chunks.ts';

export const clusterInThread: ClusterRunner = {
  async cluster(chunkIds, vectors, options) {
    return clusterChunks(chunkIds.map((id) => ({ id })), [...vectors], options);
  },
};
