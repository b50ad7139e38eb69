/**
 * How rare a word is in this library: what the second hop asks to tell a passage's telling words
 * from its common ones. The lexical index answers it from its own posting lists.
 */
export interface TermStats {
  /** Texts indexed. */
  readonly documents: number;
  /** Texts holding the (lower-cased) word. */
  frequency(word: string): number;
  /** BM25's inverse document frequency, ln(1 + (N − df + ½) / (df + ½)): near 0 for a word in every text. */
  idf(word: string): number;
}

/** BM25's inverse document frequency of a word held by `df` of `n` texts (never negative). */
export function inverseDocumentFrequency(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}
