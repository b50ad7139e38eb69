/**
 * Qwen3 (and other reasoning models) may open their reply with a `<think>…</think>` block, even an
 * empty one in non-thinking mode. It is never part of the answer or of a rewritten query.
 */

const CLOSED = /<think>[\s\S]*?<\/think>/g;
const OPEN = '<think>';

/**
 * The reply without its reasoning. An unclosed `<think>` (generation stopped while reasoning) hides
 * everything after it, so the same function can render a stream that is still arriving.
 */
export function stripThinking(text: string): string {
  const closed = text.replace(CLOSED, '');
  const open = closed.indexOf(OPEN);
  const visible = open >= 0 ? closed.slice(0, open) : closed;
  // A stray closing tag means the template put the opening tag in the prompt: drop what precedes it.
  const close = visible.lastIndexOf('</think>');
  return close >= 0 ? visible.slice(close + '</think>'.length) : visible;
}
