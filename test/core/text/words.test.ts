import { describe, expect, it } from 'vitest';
import { sentencePieces, words } from '../../../src/core/text/words.ts';

describe('words', () => {
  it('lower-cases and drops punctuation', () => {
    expect(words('The PlayStation Portable (PSP), 2004.')).toEqual(['the', 'playstation', 'portable', 'psp', '2004']);
  });

  it('drops an English possessive, whatever the apostrophe', () => {
    expect(words("Sony's console")).toEqual(['sony', 'console']);
    expect(words('Sony’s console')).toEqual(['sony', 'console']);
  });

  it('splits a word at its other apostrophes, so both spellings of a name match', () => {
    expect(words("O'Neill")).toEqual(words('O’Neill'));
    expect(words("O'Neill")).toEqual(['o', 'neill']);
    expect(words("don't")).toEqual(['don', 't']);
  });

  it('keeps numbers whole and segments Chinese into words', () => {
    expect(words('revenue of 1,234.5 million')).toEqual(['revenue', 'of', '1,234.5', 'million']);
    expect(words('中华人民共和国民法典').length).toBeGreaterThan(1);
  });
});

describe('words, segmented run by run', () => {
  // The reference: every word-like segment of ICU's word breaker over the whole text, possessives
  // and apostrophes handled as words() does.
  const icu = new Intl.Segmenter('zh', { granularity: 'word' });
  const reference = (text: string): string[] =>
    Array.from(icu.segment(text.toLowerCase()))
      .filter((s) => s.isWordLike)
      .flatMap((s) => s.segment.replace(/['\u2019\u02bc]s$/u, '').split(/['\u2019\u02bc]+/u))
      .filter((w) => w !== '');

  it('agrees with ICU on random ASCII, punctuation between letters and digits included', () => {
    const alphabet = "aZk9 0_.,;:'-$@/\t\n()\"!?&#%+=";
    let seed = 7;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
    for (let n = 0; n < 20000; n++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 32) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(words(text), JSON.stringify(text)).toEqual(reference(text));
    }
  });

  it('agrees with ICU on real text in English, Chinese and mixed scripts', () => {
    const samples = [
      'Kiss and Tell is a 1945 American comedy film starring then 17-year-old Shirley Temple as Corliss Archer.',
      "Revenue was $1,234.5 million in FY2021 (up 3.2%); e.g. the U.S. segment's margin rose to 12.5%.",
      'The café’s naïve façade — “quoted” text… and résumé-ready items: 1) alpha; 2) beta.',
      '数据处理者应当履行数据安全保护义务，建立健全全流程数据安全管理制度。',
      'Article 17 of the GDPR（《通用数据保护条例》）gives a right to erasure\u00a0(the “right to be forgotten”).',
      'https://example.com/a_b?c=1&d=2 user@example.org snake_case __init__ 3.14.15 1,000,000 a.b.c.',
    ];
    for (const text of samples) expect(words(text), text).toEqual(reference(text));
  });
});

describe('sentencePieces', () => {
  const whole = (text: string) => [...new Intl.Segmenter('zh', { granularity: 'sentence' }).segment(text)].map((s) => ({ text: s.segment, start: s.index }));

  it('finds in a long paragraph, window by window, the sentences ICU finds in it whole', () => {
    const sentences = ['The company sold 1,234 units in 2019.', 'Revenue grew by 5.2% (see Note 3).', '公司的收入增长了。', 'Is that all? ', 'No!  '];
    const text = Array.from({ length: 3000 }, (_, i) => sentences[i % sentences.length]).join(' ');
    expect(text.length).toBeGreaterThan(50_000);
    const pieces = sentencePieces(text);
    expect(pieces).toEqual(whole(text));
    expect(pieces.map((p) => p.text).join('')).toBe(text);
  });

  it('cuts a run with no sentence break at a space, and gives back every character', () => {
    const text = 'word '.repeat(10_000) + 'x'.repeat(20_000);
    const pieces = sentencePieces(text);
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    for (const piece of pieces) expect(text.slice(piece.start, piece.start + piece.text.length)).toBe(piece.text);
    // every cut inside the spaced part falls after a space, never inside a word
    for (const piece of pieces.slice(0, -1)) if (piece.start + piece.text.length < 50_000) expect(piece.text.endsWith(' ')).toBe(true);
  });

  it('cuts a long run of text without spaces or breaks between characters, not inside one', () => {
    const text = '𠀀中'.repeat(9_000);
    const pieces = sentencePieces(text);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    for (const piece of pieces) expect(piece.text.isWellFormed()).toBe(true);
  });

  it('leaves a short text to ICU as it is', () => {
    expect(sentencePieces('One. Two? Three!')).toEqual(whole('One. Two? Three!'));
    expect(sentencePieces('')).toEqual([]);
  });
});
