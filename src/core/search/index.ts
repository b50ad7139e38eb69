/**
 * Search: the entry indexes (dense, BM25), rank fusion, and backtracking retrieval.
 */
export type { VectorStorage } from '../types.ts';
export { TopK, type Hit } from './top-k.ts';
export { FlatVectorIndex } from './flat-vector-index.ts';
export { LexicalIndex } from './lexical-index.ts';
export { reciprocalRankFusion, type FusedHit } from './rrf.ts';
export { kindsFor } from './strategy-kinds.ts';
export { backtrack, type Candidate, type BacktrackResult, type BacktrackCorpus } from './backtrack.ts';
export { retrieve, type RetrievalCorpus, type RetrieveOptions, type QueryVariant } from './retrieve.ts';
