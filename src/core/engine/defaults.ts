/**
 * How a question is answered when nobody says otherwise: the one place the app, the CLI and the
 * evaluation's "default" mark read it from. Chosen on the 200-question HotpotQA dev set with three
 * embedders, and on RGB, FinanceBench and MS MARCO, each rule switched off alone and kept only where
 * its paired difference was above zero somewhere and below zero nowhere
 * (docs/decisions/2026-12-02-rules-judged-on-large-sets.md). Naive chunks and not p-rag's
 * pre-parsed sentences: the sentences moved no row of RGB, FinanceBench or MS MARCO, and cost
 * HotpotQA with USE-Lite significantly, a sentence without its passage's title naming nothing the
 * question asks about. P-RAG and CAP-RAG stay one setting away.
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
  strategy: 'naive',
  retriever: 'hybrid',
  backtrack: 'ranked',
  hops: 2,
  n: 5,
};

export { defaultCandidates } from '../search/retrieve.ts';
