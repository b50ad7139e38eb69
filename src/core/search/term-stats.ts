/**
 * Document frequencies of the words of a set of texts (one count per text), kept up to date as
 * texts come and go, so that how rare a word is in this library can be asked at query time.
 * Texts arrive as their words (see text/words.ts), segmented once by the caller.
 */
export class TermStats {
  private readonly df = new Map<string, number>();
  private texts = 0;

  get documents(): number {
    return this.texts;
  }

  add(words: readonly string[]): void {
    this.texts++;
    for (const w of new Set(words)) this.df.set(w, (this.df.get(w) ?? 0) + 1);
  }

  remove(words: readonly string[]): void {
    this.texts = Math.max(0, this.texts - 1);
    for (const w of new Set(words)) {
      const n = (this.df.get(w) ?? 0) - 1;
      if (n > 0) this.df.set(w, n);
      else this.df.delete(w);
    }
  }

  /** Texts holding the (lower-cased) word. */
  frequency(word: string): number {
    return this.df.get(word) ?? 0;
  }

  /** BM25's inverse document frequency, ln(1 + (N − df + ½) / (df + ½)): 0 for a word in every text. */
  idf(word: string): number {
    const df = this.frequency(word);
    return Math.log(1 + (this.texts - df + 0.5) / (df + 0.5));
  }
}
