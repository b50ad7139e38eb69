/**
 * The first tokens of a text, tokenizing only as much of it as they need. USE-Lite's tokenizer
 * takes time that grows faster than the text, and a cluster entry joins its members' texts into
 * tens of thousands of characters of which the model reads 512 tokens. Tokenizing only the heads
 * gave the same vectors in a small part of the time, and most of a 10-K's clustered index time
 * went with it (docs/decisions/2026-12-07-reading-models-and-page-measured.md).
 */

/** What the head is cut from; English averages about four characters a token, so one pass usually holds enough. */
const CHARS_PER_TOKEN = 8;

/** The tokenizer's one call used here. */
export interface Encoder {
  encode(text: string): number[];
}

/**
 * `encoder.encode(text).slice(0, max)`, from a head of the text. The head is cut at a space, so
 * every word in it is tokenized as in the whole text, and is doubled until it gives more than
 * `max` tokens (the last one may be a word cut in two) or is the whole text.
 */
export function headTokens(encoder: Encoder, text: string, max: number): number[] {
  for (let chars = Math.max(1, max) * CHARS_PER_TOKEN; ; chars *= 2) {
    if (chars >= text.length) return encoder.encode(text).slice(0, max);
    const space = text.lastIndexOf(' ', chars);
    const ids = encoder.encode(text.slice(0, space > 0 ? space : chars));
    if (ids.length > max) return ids.slice(0, max);
  }
}
