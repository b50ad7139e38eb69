/**
 * A question and what comes back: the request the UI sends, the events that stream to it, and the
 * turns a chat keeps. The engine worker turns a request into the engine's options, filling what the
 * request leaves out from the settings: they are resolved there, once. The shapes are the engine's
 * own (`AskOptions`, `Turn`), so a choice, a field of a turn, is declared once.
 */
import type { RetrievalChoices } from '../core/engine/defaults.ts';
import type { Turn, TurnRetrieval } from '../core/engine/turn.ts';
import type { AnswerDone } from '../core/answer/answer.ts';
import type { Scope } from '../core/engine/scope.ts';

export { RETRIEVAL_CHOICES, type RetrievalChoices } from '../core/engine/defaults.ts';
export type { TurnRetrieval } from '../core/engine/turn.ts';

/** A question for the chat `chatId`, with choices for this question alone (the UI sends none). */
export interface AskRequest extends Partial<RetrievalChoices> {
  chatId: string;
  /** What the chat is asked within, kept with it; absent, the scope it was kept with (or the whole library). */
  scope?: Scope;
}

/** A turn of a stored chat, or of the open one: named, so the screen can keep it apart. */
export interface ChatTurn extends Turn {
  id: string;
}

export type AskStreamEvent =
  | { type: 'rewritten'; question: string }
  /**
   * Work the search waits for, before it can run: a document's clusters (topics) made for the
   * first question that reads them, `done` of `total` steps.
   */
  | { type: 'preparing'; document: string; done: number; total: number }
  /** What the search found, as the turn keeps it. */
  | ({ type: 'sources' } & Pick<Turn, 'sources' | 'trace' | 'strategy'> & TurnRetrieval)
  /** The answer so far, as it is shown (reasoning removed by the engine). */
  | { type: 'token'; answer: string }
  /** The answer as the engine checked it, ending the turn. */
  | ({ type: 'done' } & Pick<Turn, 'answer' | 'cited' | 'citations' | 'notFound'> & Pick<AnswerDone, 'aborted'>)
  | { type: 'error'; message: string };
