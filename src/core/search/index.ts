/**
 * Search: the entry indexes (dense, BM25), their fusion and its calibration, and backtracking retrieval.
 */
export type { VectorStorage } from '../types.ts';
export { TopK, type Hit } from './top-k.ts';
export { FlatVectorIndex } from './flat-vector-index.ts';
export { LexicalIndex } from './lexical-index.ts';
export { reciprocalRankFusion, type FusedHit } from './rrf.ts';
export { kindsFor, searchedByWords } from './strategy-kinds.ts';
export { backtrack, ownRelevance, type Candidate, type BacktrackResult, type BacktrackCorpus } from './backtrack.ts';
export { retrieve, type RetrievalCorpus, type RetrieveOptions, type QueryVariant } from './retrieve.ts';
export { fuseByScore, DEFAULT_DENSE_WEIGHT, type FusedCandidate } from './fusion.ts';
export { calibrateFusion, chooseWeight, type CalibrationCorpus, type CalibrationOptions } from './calibrate-fusion.ts';
export type { TermStats } from './term-stats.ts';
