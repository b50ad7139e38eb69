import type { ChatMessage, Generator } from '../ports.ts';
import type { Lang, Source } from '../types.ts';
import { validateCitations, type CitationSpan } from './citations.ts';
import { isNotFound, notFoundSentence } from './not-found.ts';
import { DEFAULT_ANSWER_TOKENS, answerMessages } from './prompt.ts';
import { stripThinking } from './think.ts';

export type AnswerEvent =
  | {
      type: 'token';
      /** The piece as generated, reasoning included. */
      text: string;
      /** The answer so far as it is shown: reasoning removed (think.ts), leading space trimmed. */
      answer: string;
    }
  | AnswerDone;

export interface AnswerDone {
  type: 'done';
  /** The final answer: reasoning removed, invalid citations removed. */
  answer: string;
  /** Sources the answer cites, in order of first citation. */
  cited: Source[];
  /** Cited numbers that named no given source. */
  removed: number[];
  /** The citation brackets left in `answer`, with their spans: what the UI draws as citations. */
  citations: CitationSpan[];
  notFound: boolean;
  /** Generation was stopped by the signal; `answer` is what came before. */
  aborted: boolean;
}

export interface AnswerOptions {
  lang: Lang;
  history?: ChatMessage[];
  maxTokens?: number;
  signal?: AbortSignal;
  temperature?: number;
}

/**
 * What was generated, made an answer: reasoning removed, citations of sources not given removed.
 * Every answer ends here once: a finished or stopped stream below, and an answer the app's worker
 * stopped waiting for, or that failed half-way, from what it was shown so far.
 */
export function finishAnswer(raw: string, sources: readonly Source[], aborted: boolean): AnswerDone {
  const byNumber = new Map(sources.map((s) => [s.n, s]));
  const validated = validateCitations(stripThinking(raw).trim(), new Set(byNumber.keys()));
  return {
    type: 'done',
    answer: validated.text,
    cited: validated.cited.map((n) => byNumber.get(n)).filter((s): s is Source => s !== undefined),
    removed: validated.removed,
    citations: validated.spans,
    notFound: isNotFound(validated.text),
    aborted,
  };
}

/** A stream still arriving as it is shown: an unclosed `<think>` hides what follows it. */
function shownSoFar(raw: string): string {
  return stripThinking(raw).replace(/^\s+/u, '');
}

/**
 * Streams the answer to a question from packed sources. Each token comes raw and with the answer
 * so far as it is shown; the final event carries the checked text. Stopping through
 * the signal is not an error: the final event then holds what was generated so far.
 */
export async function* streamAnswer(
  question: string,
  sources: Source[],
  generator: Generator,
  options: AnswerOptions,
): AsyncGenerator<AnswerEvent> {
  const { signal } = options;
  if (sources.length === 0) {
    // Nothing retrieved: the model could only answer from its own memory, which Loci never shows.
    const sentence = notFoundSentence(options.lang);
    yield { type: 'token', text: sentence, answer: sentence };
    yield { type: 'done', answer: sentence, cited: [], removed: [], citations: [], notFound: true, aborted: false };
    return;
  }
  let raw = '';
  if (!signal?.aborted) {
    const messages = answerMessages(question, sources, { lang: options.lang, history: options.history });
    try {
      const stream = generator.stream(messages, {
        maxTokens: options.maxTokens ?? DEFAULT_ANSWER_TOKENS,
        temperature: options.temperature,
        signal,
      });
      for await (const piece of stream) {
        // A backend may deliver a piece after the abort; the person asked to stop, so it is dropped.
        if (signal?.aborted) break;
        raw += piece;
        yield { type: 'token', text: piece, answer: shownSoFar(raw) };
      }
    } catch (error) {
      // Some backends reject on abort despite the port's contract; that is still a stop, not a failure.
      if (!signal?.aborted) throw error;
    }
  }
  yield finishAnswer(raw, sources, signal?.aborted === true);
}
