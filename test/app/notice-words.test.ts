/** The check every browser test runs on what its pages show (test/browser/support/notice-words.ts), and the words the page gives nameless errors. */
import { describe, expect, it } from 'vitest';
import { bareErrorName } from '../browser/support/notice-words.ts';
import { errorMessage } from '../../src/app/lib/error-message.ts';
import { en } from '../../src/app/i18n/en.ts';

const messageOf = (error: unknown) => errorMessage(error, (name) => (name === 'QuotaExceededError' ? en['error.storageFull'] : en['error.noReason']));

describe('bareErrorName', () => {
  it('catches an error shown by its name or as a stringified error', () => {
    for (const text of ['QuotaExceededError', 'QuotaExceededError Dismiss', 'NotReadableError: the file changed', 'Error: failed to fetch', 'report.pdf: TypeError: x is not a function', 'The library could not be opened: Error: boom']) {
      expect(bareErrorName(text), text).toBe(true);
    }
  });

  it('lets sentences through, in English and Chinese, even one that names an error in passing', () => {
    for (const text of [
      "COCACOLA_2017_10K.pdf was not stored: the browser's storage for this site is full. The file alone needs 1.7 MB; 468.8 KB free.",
      '数据安全法_2021.md 未能存储：浏览器为本网站提供的存储空间已满。',
      'corrupt-report.pdf: this is not a valid PDF, or it is damaged',
      'Errors in the table of contents were skipped.',
    ]) {
      expect(bareErrorName(text), text).toBe(false);
    }
  });
});

describe('errorMessage', () => {
  it('gives a sentence, never the bare name, for an error the browser gave no message', () => {
    const full = messageOf(new DOMException('', 'QuotaExceededError'));
    expect(full).toMatch(/storage for this site is full/);
    for (const error of [new DOMException('', 'QuotaExceededError'), new DOMException('', 'UnknownError'), new Error(''), '', { name: 'NotReadableError' }]) {
      expect(bareErrorName(messageOf(error)), String(error)).toBe(false);
    }
    expect(messageOf(new Error('report.pdf: damaged'))).toBe('report.pdf: damaged');
  });
});
