/**
 * UTF-8 decoded strictly (a malformed byte throws) by one decoder for the whole module graph:
 * opening a large library decodes thousands of small blocks, and making a TextDecoder for each
 * was a visible part of the work.
 */
const decoder = new TextDecoder('utf-8', { fatal: true });

export function strictUtf8(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}
