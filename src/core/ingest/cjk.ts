/**
 * Characters of scripts written without spaces between words (Han, kana, Hangul) and their
 * punctuation and full-width forms: a line break or wrap between two of them is not a word gap.
 * A character-class body, so callers can build the regular expression they need around it.
 */
export const CJK_CHARS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u3000-\\u303f\\uff00-\\uffef';
