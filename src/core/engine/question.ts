/**
 * What a question must be before any search runs: not blank (there is nothing to look for, and an
 * answer to nothing would be invented), and no longer than the embedder reads. The embedder
 * truncates a long input anyway, but the keyword search, the second hop and the answer prompt would
 * still carry all of it: a question the length of a book chapter cost gigabytes with hybrid search. So it is cut to the
 * embedder's window, and the caller is told.
 */
import type { Embedder } from '../ports.ts';

export type QuestionErrorReason = 'blank';

export class QuestionError extends Error {
  readonly reason: QuestionErrorReason;

  constructor(reason: QuestionErrorReason, message: string) {
    super(message);
    this.name = 'QuestionError';
    this.reason = reason;
  }
}

/** How a question was shortened: its length before and after, and the window it was cut to. */
export interface QuestionCut {
  chars: number;
  keptChars: number;
  maxTokens: number;
}

export interface CheckedQuestion {
  /** The question as asked, or its beginning when it was longer than the embedder's window. */
  text: string;
  cut?: QuestionCut;
}

// No tokenizer makes a token of more characters than this, so a text cut here still holds the
// window's worth of tokens, and the tokenizer never has to read a megabyte to say it is too long.
const MAX_CHARS_PER_TOKEN = 16;
// Each shrink aims a little under the window, so a few rounds suffice where tokens are uneven.
const SHRINK_MARGIN = 0.95;

export async function checkQuestion(asked: string, embedder: Pick<Embedder, 'maxTokens' | 'countTokens'>): Promise<CheckedQuestion> {
  if (asked.trim() === '') throw new QuestionError('blank', 'the question is empty: type a question to search the documents for');
  const maxTokens = embedder.maxTokens;
  let text = cutAt(asked, maxTokens * MAX_CHARS_PER_TOKEN);
  let [tokens] = await embedder.countTokens([text]);
  while (tokens > maxTokens) {
    const keep = Math.max(1, Math.min(text.length - 1, Math.floor((text.length * maxTokens * SHRINK_MARGIN) / tokens)));
    text = cutAt(text, keep);
    [tokens] = await embedder.countTokens([text]);
  }
  if (text.length === asked.length) return { text: asked };
  return { text, cut: { chars: asked.length, keptChars: text.length, maxTokens } };
}

/** The first `length` UTF-16 units, without splitting a surrogate pair. */
function cutAt(text: string, length: number): string {
  if (text.length <= length) return text;
  const last = text.charCodeAt(length - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? length - 1 : length);
}
