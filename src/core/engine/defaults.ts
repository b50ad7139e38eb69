/**
 * How a question is answered when nobody says otherwise: the one place the app, the CLI and the
 * evaluation's "default" mark read it from. Chosen by `loci eval` on the development data (see
 * the README's tables): it must beat the in-run bm25 and dense rows.
 */
import type { BacktrackMode, Retriever, Strategy } from '../types.ts';

export interface RetrievalDefaults {
  strategy: Strategy;
  retriever: Retriever;
  backtrack: BacktrackMode;
  hops: 1 | 2;
  /** Original chunks per question (the paper's N). */
  n: number;
}

export const DEFAULT_RETRIEVAL: RetrievalDefaults = {
  strategy: 'cap-rag',
  retriever: 'hybrid',
  backtrack: 'ranked',
  hops: 1,
  n: 5,
};
