import { describe, expect, it } from 'vitest';
import { words } from '../../../src/core/text/words.ts';

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
