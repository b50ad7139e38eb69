/**
 * An error in words for a row or a notice. The browser's own errors sometimes carry no message
 * (IndexedDB's QuotaExceededError has none in Chromium), and a bare name such as
 * "NotReadableError" tells a person nothing: those become sentences.
 */

const NAMELESS: Record<string, string> = {
  NotReadableError: 'the browser could not read it (it may have been moved, changed or deleted since it was dropped)',
  NotFoundError: 'it is no longer there',
  QuotaExceededError: "the browser's storage for this site is full",
  AbortError: 'the browser stopped the operation',
  UnknownError: "the browser's storage failed",
};

export function errorWords(error: unknown): string {
  const message = typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : typeof error === 'string' ? error : '';
  if (message.trim() !== '') return message;
  const name = typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string' ? error.name : '';
  return NAMELESS[name] ?? 'the browser gave no reason';
}
