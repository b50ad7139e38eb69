import type { ChatMessage, GenerateOptions, Generator } from '../ports.ts';
import { throwIfAborted } from '../util/abort.ts';
import { stripThinking } from './think.ts';

/**
 * The whole reply of a short auxiliary generation (query rewriting), reasoning removed.
 * Unlike an answer, a half-written rewrite is worth nothing, so cancellation throws.
 */
export async function collectReply(
  generator: Generator,
  messages: ChatMessage[],
  options: GenerateOptions,
  what: string,
): Promise<string> {
  throwIfAborted(options.signal, what);
  let text = '';
  for await (const piece of generator.stream(messages, options)) {
    throwIfAborted(options.signal, what);
    text += piece;
  }
  throwIfAborted(options.signal, what);
  return stripThinking(text);
}
