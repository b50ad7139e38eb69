/**
 * The first tokens of a text, tokenizing only as much of it as they need. USE-Lite's tokenizer
 * takes time that grows faster than the text (HotpotQA paragraphs joined: 8,000 characters 87 ms,
 * 35,000 characters 3.5 s), and a cluster entry joins its members' texts into tens of thousands of
 * characters (the 3M 10-K's: 18,000 to 35,000) of which the model reads 512 tokens. Embedding 25
 * texts of that size (HotpotQA paragraphs joined, 315,000 characters) took 20.2 s when each was
 * tokenized whole, 1.4 s from heads, with the same vectors. `loci index` of the 3M 10-K with
 * `--clusters`, its chunks' vectors cached and its 25 cluster entries' not: 77.4 s → 22.8 s
 * (11.5 s without clusters).
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
