/** Cluster reorganization (paper §2.1) and the RAPTOR tree. */

export { reduce, type ReduceOptions } from './reduce.ts';
export { cosineKnn, EXACT_KNN_LIMIT, type Knn } from './neighbors.ts';
export { fitGmm, type FittedGmm, type GmmModel, type GmmOptions } from './gmm.ts';
export { bic, chooseK, type ChooseKOptions } from './bic.ts';
export { softMemberships } from './membership.ts';
export {
  clusterVectors,
  FAST_BIC_PATIENCE,
  MIN_POINTS,
  type VectorCluster,
  type VectorClusterOptions,
  type VectorClusters,
} from './cluster-vectors.ts';
export { clusterChunks, type ClusterOptions } from './cluster-chunks.ts';
export { clusterInThread } from './in-thread.ts';
export { buildRaptorTree, type RaptorLeaf, type RaptorOptions } from './raptor.ts';
