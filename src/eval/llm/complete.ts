import type { ChatMessage, GenerateOptions, Generator } from '../../core/ports.ts';

/** The whole reply of a streamed generation. */
export async function complete(
  generator: Generator,
  messages: ChatMessage[],
  options?: GenerateOptions,
): Promise<string> {
  let text = '';
  for await (const piece of generator.stream(messages, options)) text += piece;
  return text;
}
