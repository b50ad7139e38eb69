/**
 * A question and what comes back: the request the UI sends, the events that stream to it, and the
 * turns a chat keeps. The engine worker turns a request into the engine's options, filling what the
 * request leaves out from the settings: they are resolved there, once.
 */
import type { BacktrackMode, CitationSpan, FusionWeight, QuestionCut, Retriever, SecondHop, Source, Strategy, TraceRow } from './vocabulary.ts';

/** How a question is searched and answered: part of the settings, and what one question may override. */
export interface RetrievalChoices {
  strategy: Strategy;
  /** Search by meaning (dense), keywords (lexical) or both fused (hybrid). */
  retriever: Retriever;
  /** What a cluster or RAPTOR hit brings in: the member the question finds best, or all (the paper). */
  backtrack: BacktrackMode;
  /** 2: search again with what the first search found, for questions that connect two facts. */
  hops: 1 | 2;
  /** With two hops: the language model writes the second hop's sub-questions (a generation before each answer). */
  subQuestions: boolean;
  /** Ignored while no reranker model is chosen. */
  rerank: boolean;
  /** Original chunks per question (the paper's N). */
  n: number;
  /** Candidates searched (the paper's M); the engine's default when absent. */
  m?: number;
}

/** A question for the chat `chatId`, with choices for this question alone (the UI sends none). */
export interface AskRequest extends Partial<RetrievalChoices> {
  chatId: string;
}

export type AskStreamEvent =
  | { type: 'rewritten'; question: string }
  | ({ type: 'sources'; sources: Source[]; trace: TraceRow[]; strategy: Strategy } & TurnRetrieval)
  | { type: 'token'; text: string }
  | { type: 'done'; answer: string; cited: number[]; citations: CitationSpan[]; notFound: boolean; aborted: boolean }
  | { type: 'error'; message: string };

/** How a turn's passages were searched for, beyond its trace: shown by the inspector, stored with the turn. */
export interface TurnRetrieval {
  /** The search mode the question ran with (absent on turns stored before it was recorded). */
  retriever?: Retriever;
  /** How a hybrid search weighed meaning against keywords. */
  fusion?: FusionWeight;
  /** The second search, when the question took two hops. */
  secondHop?: SecondHop;
  /** The documents the question named by their file names, also searched on their own. */
  namedDocuments?: string[];
  /** The question was longer than the embedding model reads, and only its beginning was searched. */
  questionCut?: QuestionCut;
  /** Asked while the embedding model was still loading: searched by its words alone. */
  modelLoading?: true;
}

export interface ChatTurn extends TurnRetrieval {
  id: string;
  question: string;
  /** The answer; for a turn that failed, what was generated before the failure. */
  answer: string;
  /** Why the answer failed, for a turn stored after a failure. */
  error?: string;
  sources: Source[];
  trace: TraceRow[];
  cited: number[];
  /** The citation brackets in `answer`, as the engine checked them; the UI draws them as they are. */
  citations: CitationSpan[];
  strategy: Strategy;
  created: number;
}
