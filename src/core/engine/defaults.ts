/**
 * How a question is answered when nobody says otherwise: the one place the app, the CLI and the
 * evaluation's "default" mark read it from. Chosen by `loci eval` on the development data, beside
 * the in-run bm25 and dense rows (README, "Evaluation"). HotpotQA dev with GloVe, R@5 / all-gold@5 /
 * nDCG@10: p-rag+hybrid+2hop 81.7 / 66.7 / 78.2, p-rag+hybrid 76.7 / 56.7 / 75.2, cap-rag+hybrid
 * 70.0 / 43.3 / 74.3, bm25 71.7 / 46.7 / 75.6. Cluster entries do not earn their place at five
 * chunks on these pooled corpora of short passages; CAP-RAG stays one setting away.
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
  strategy: 'p-rag',
  retriever: 'hybrid',
  backtrack: 'ranked',
  hops: 2,
  n: 5,
};

export { defaultCandidates } from '../search/retrieve.ts';
