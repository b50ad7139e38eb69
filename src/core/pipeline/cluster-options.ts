/** The clustering settings of an index, as the cluster stage and the RAPTOR stage both pass them. */
import type { IndexManifest } from '../types.ts';

export function clusteringOptions(manifest: IndexManifest) {
  const { seed, threshold, maxClusters, minChunks, bicPatience, maxClusterSize } = manifest.clustering;
  return { seed, threshold, maxClusters, minChunks, bicPatience, maxClusterSize };
}
