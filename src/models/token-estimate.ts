/**
 * A tokenizer-free token count, for when no tokenizer is at hand: web-llm's engine API exposes
 * none, an embedder still loading counts a question and a dropped file's chunks with it, and a
 * chat model's tokenizer still loading (a first visit fetches and parses megabytes of it) counts a
 * question's sources with it.
 *
 * It errs high, so that packing which trusts it seldom overflows, by counting what tokenizers
 * split finely one token each: a CJK character, a digit (Qwen's tokenizer reads numbers a digit
 * at a time), a symbol, a letter of another script, a space before anything but a word, and a
 * break or run of spaces. A run of Latin letters counts one token per three letters, which is
 * finer than English words are split. What it can still undercount: rare characters, which a
 * byte-level tokenizer spells in two or three bytes' tokens each. How often it undercounts
 * Qwen3's and WordPiece's counts, before and now: [record](../../docs/decisions/2026-11-27-sources-before-the-tokenizer.md).
 */
/** A run of Latin letters, a run of white space, or any one other character (a CJK one among them). */
const UNIT = /([A-Za-z]+)|(\s+)|[\s\S]/gu;
const LETTER = /[A-Za-z]/;

export function estimateTokens(text: string): number {
  let tokens = 0;
  for (const { 1: letters, 2: space, index } of text.matchAll(UNIT)) {
    if (letters) tokens += Math.ceil(letters.length / 3);
    // a space joins the word after it; before a digit or a symbol it is a token of its own, as is
    // a break or a run of spaces
    else if (space) tokens += space === ' ' && LETTER.test(text.charAt(index + 1)) ? 0 : 1;
    else tokens += 1;
  }
  return tokens;
}
