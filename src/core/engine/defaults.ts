/**
 * How a question is answered when nobody says otherwise: the one place the app, the CLI and the
 * evaluation's "default" mark read it from. Chosen by `loci eval` on the development data, beside
 * the in-run bm25 and dense rows (README, "Evaluation"). HotpotQA dev with GloVe, R@5 / all-gold@5 /
 * nDCG@10: p-rag+hybrid+2hop 81.7 / 66.7 / 78.2, p-rag+hybrid 76.7 / 56.7 / 75.2, cap-rag+hybrid
 * 70.0 / 43.3 / 74.3, bm25 71.7 / 46.7 / 75.6. Cluster entries do not earn their place at five
 * chunks on these pooled corpora of short passages; CAP-RAG stays one setting away.
 */
import type { AskOptions } from './ask.ts';

/**
 * The options of a question a person chooses (the app's settings, one question's overrides): the
 * engine's own `AskOptions`, by name, each one set but the candidates M (`defaultCandidates`).
 */
export const RETRIEVAL_CHOICES = ['strategy', 'retriever', 'backtrack', 'hops', 'subQuestions', 'rerank', 'n', 'm'] as const;

export type RetrievalChoices = Required<Pick<AskOptions, Exclude<(typeof RETRIEVAL_CHOICES)[number], 'm'>>> & Pick<AskOptions, 'm'>;

export type RetrievalDefaults = Pick<RetrievalChoices, 'strategy' | 'retriever' | 'backtrack' | 'hops' | 'n'>;

export const DEFAULT_RETRIEVAL: RetrievalDefaults = {
  strategy: 'p-rag',
  retriever: 'hybrid',
  backtrack: 'ranked',
  hops: 2,
  n: 5,
};

export { defaultCandidates } from '../search/retrieve.ts';
