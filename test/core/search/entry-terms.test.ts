import { describe, expect, it } from 'vitest';
import { countTerms, decodeTerms, NO_TERMS, termsFor, type DecodedTerms, type EntryTerms } from '../../../src/core/search/entry-terms.ts';
import { LexicalIndex } from '../../../src/core/search/lexical-index.ts';

const texts = [
  'Sony’s first console, the PlayStation, sold in 1994.',
  'The PlayStation 2 sold more than any console before it: 155 million.',
  '中华人民共和国个人信息保护法 自2021年11月1日起施行。',
  'Nintendo nintendo NINTENDO: a word three times.',
];

const asEntries = (list: string[], from = 0) => list.map((text, i) => ({ id: `e${from + i}`, text }));
const queries = ['playstation console', 'nintendo', '个人信息 保护法', 'sony 1994', 'nothing matches this'];

function decoded(terms: EntryTerms): DecodedTerms {
  const out = decodeTerms(terms);
  if ('fault' in out) throw new Error(out.fault);
  return out;
}

function entriesOf(terms: EntryTerms): [string, number][][] {
  const { start, word, count, words } = decoded(terms);
  return Array.from({ length: terms.entries }, (_, e) =>
    Array.from({ length: start[e + 1] - start[e] }, (_, i): [string, number] => [words[word[start[e] + i]], count[start[e] + i]]),
  );
}

describe('countTerms', () => {
  it('counts each entry’s distinct words', () => {
    const terms = countTerms(asEntries(texts));
    expect(terms.entries).toBe(4);
    expect(terms.lastId).toBe('e3');
    const entries = entriesOf(terms);
    expect(entries[3]).toEqual([['nintendo', 3], ['a', 1], ['word', 1], ['three', 1], ['times', 1]]);
    expect(entries[0].map(([w]) => w)).toContain('sony');
    expect(new Set(terms.words).size).toBe(terms.words.length);
  });

  it('appends to earlier terms without changing them, as if counted at once', () => {
    const first = countTerms(asEntries(texts.slice(0, 2)));
    const before = first.data.slice();
    const grown = countTerms(asEntries(texts.slice(2), 2), first);
    expect(first.data).toEqual(before);
    expect(grown).toEqual(countTerms(asEntries(texts)));
    expect(countTerms([], first)).toBe(first);
    expect(countTerms([])).toBe(NO_TERMS);
  });

  it('termsFor reuses terms that count the entries, extends a prefix, and recounts changed entries', () => {
    const all = asEntries(texts);
    const first = countTerms(all.slice(0, 2));
    const whole = countTerms(all);
    expect(termsFor(all, whole)).toBe(whole);
    expect(termsFor(all, first)).toEqual(whole);
    expect(termsFor(all, undefined)).toEqual(whole);
    expect(termsFor(all.slice(0, 2), NO_TERMS)).toEqual(first);
    // entries replaced under the terms (another last id at their end, or fewer entries): counted anew
    const replaced = [{ id: 'x0', text: 'other words' }, { id: 'x1', text: 'and more' }, ...all.slice(2)];
    expect(termsFor(replaced, first)).toEqual(countTerms(replaced));
    expect(termsFor(all.slice(0, 1), first)).toEqual(countTerms(all.slice(0, 1)));
  });

  it('stores large word indexes and counts exactly', () => {
    const many = Array.from({ length: 300 }, (_, i) => `w_${i} `.repeat(i === 299 ? 200 : 1));
    const terms = countTerms(asEntries(many));
    const entries = entriesOf(terms);
    expect(entries[299]).toEqual([['w_299', 200]]);
    expect(terms.words.indexOf('w_299')).toBe(299);
  });
});

describe('LexicalIndex.addCounted', () => {
  it('gives the same scores as indexing the texts', () => {
    const byText = new LexicalIndex();
    texts.forEach((t, i) => byText.add(10 + i, t));
    const counted = new LexicalIndex();
    counted.addCounted(10, decoded(countTerms(asEntries(texts))));
    expect(counted.size).toBe(4);
    for (const q of queries) expect(counted.search(q, 10)).toEqual(byText.search(q, 10));
  });

  it('adds only the entries from `from` on, at the rows after the earlier ones', () => {
    const byText = new LexicalIndex();
    texts.forEach((t, i) => byText.add(i, t));
    const counted = new LexicalIndex();
    counted.addCounted(0, decoded(countTerms(asEntries(texts.slice(0, 2)))));
    counted.addCounted(2, decoded(countTerms(asEntries(texts))), 2);
    for (const q of queries) expect(counted.search(q, 10)).toEqual(byText.search(q, 10));
  });

  it('removes a counted row by its text and takes the row again', () => {
    const counted = new LexicalIndex();
    counted.addCounted(0, decoded(countTerms(asEntries(texts))));
    counted.remove(3, texts[3]);
    expect(counted.search('nintendo', 5)).toEqual([]);
    counted.addCounted(3, decoded(countTerms(asEntries([texts[3]], 3))));
    expect(counted.search('nintendo', 5).map((h) => h.row)).toEqual([3]);
  });

  it('finds damaged terms out when decoding them, saying what is wrong', () => {
    const good = countTerms(asEntries(texts));
    const cut = { ...good, data: good.data.subarray(0, good.data.length - 1) };
    const longer = { ...good, entries: good.entries - 1 };
    const badWord = { entries: 1, lastId: 'e0', words: ['only'], data: Uint8Array.of(1, 5, 1) };
    expect(decodeTerms(cut)).toEqual({ fault: 'entry terms end inside entry 3' });
    expect(decodeTerms(longer)).toEqual({ fault: 'entry terms hold more than 3 entries' });
    expect(decodeTerms(badWord)).toEqual({ fault: 'entry terms name word 5 of 1' });
    expect('fault' in decodeTerms(good)).toBe(false);
  });
});
