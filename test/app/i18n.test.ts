import { describe, expect, it } from 'vitest';
import { en } from '../../src/app/i18n/en.ts';
import { zh } from '../../src/app/i18n/zh.ts';
import { interpolate, pluralKey, resolveLocale } from '../../src/app/i18n/resolve.ts';

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

describe('pluralKey', () => {
  it('picks the plural form of the count by each language\'s rules, falling back to the key', () => {
    expect(interpolate(en[pluralKey(en, 'doc.passages', 'en', { n: 1 })], { n: 1 })).toBe('1 passage');
    expect(interpolate(en[pluralKey(en, 'doc.passages', 'en', { n: 2 })], { n: 2 })).toBe('2 passages');
    expect(interpolate(en[pluralKey(en, 'doc.passages', 'en', { n: 0 })], { n: 0 })).toBe('0 passages');
    expect(pluralKey(zh, 'doc.passages', 'zh', { n: 1 })).toBe('doc.passages');
    expect(pluralKey(en, 'doc.passages', 'en', undefined)).toBe('doc.passages');
    expect(pluralKey(en, 'viewer.page', 'en', { n: 1 })).toBe('viewer.page');
  });
});
