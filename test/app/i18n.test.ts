import { describe, expect, it } from 'vitest';
import { en } from '../../src/app/i18n/en.ts';
import { zh } from '../../src/app/i18n/zh.ts';
import { interpolate, resolveLocale } from '../../src/app/i18n/resolve.ts';
import { chunkRef, docsOfSources, splitChunkId } from '../../src/app/lib/chunk-ids.ts';
import type { Source } from '../../src/core/types.ts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/gu)].map((m) => m[1]).sort();

describe('message tables', () => {
  it('have the same keys and the same placeholders in both languages', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(zh[key].trim(), key).not.toBe('');
      expect(placeholders(zh[key]), key).toEqual(placeholders(en[key]));
    }
  });
});

describe('resolveLocale', () => {
  it('follows the browser for auto and honours an explicit choice', () => {
    expect(resolveLocale('auto', ['zh-TW', 'en'])).toBe('zh');
    expect(resolveLocale('auto', ['en-GB', 'zh-CN'])).toBe('en');
    expect(resolveLocale('auto', ['fr-FR', 'zh'])).toBe('zh');
    expect(resolveLocale('auto', ['de-DE'])).toBe('en');
    expect(resolveLocale('zh', ['en-US'])).toBe('zh');
  });
});

describe('interpolate', () => {
  it('fills known placeholders and leaves unknown ones visible', () => {
    expect(interpolate('{done} of {total}', { done: 2, total: 5 })).toBe('2 of 5');
    expect(interpolate('{missing}!', {})).toBe('{missing}!');
  });
});

describe('chunk ids', () => {
  const chunk = (docId: string, ordinal: number) => ({
    id: `${docId}:${ordinal}`, docId, ordinal, text: '', headingPath: [], start: 0, end: 0, tokens: 0,
  });
  const sources: Source[] = [
    { n: 1, label: '[1] A', chunk: chunk('aa', 4), docName: 'a.md', docTitle: 'A' },
    { n: 2, label: '[2] B', chunk: chunk('bb', 0), docName: 'b.pdf', docTitle: 'B' },
    { n: 3, label: '[3] A', chunk: chunk('aa', 9), docName: 'a.md', docTitle: 'A' },
  ];
  it('splits on the last colon and names packed chunks by source number', () => {
    expect(splitChunkId('abc:12')).toEqual({ docId: 'abc', ordinal: 12 });
    expect(chunkRef('aa:4', sources)).toEqual({ id: 'aa:4', n: 1, position: 5, docId: 'aa' });
    expect(chunkRef('aa:7', sources).n).toBeUndefined();
  });
  it('lists the documents of an answer once each, in source order', () => {
    expect(docsOfSources(sources)).toEqual([
      { docId: 'aa', name: 'a.md' },
      { docId: 'bb', name: 'b.pdf' },
    ]);
  });
});
