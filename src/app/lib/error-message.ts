/**
 * An error that crossed the worker boundary (as anything) in words: its message; never
 * "[object Object]", and never a bare name. The browser's own errors sometimes carry no message
 * (IndexedDB's QuotaExceededError in Chromium has none), and "QuotaExceededError" tells a person
 * nothing: `nameless` words those, by the error's name ('' when it has none).
 */
export function errorMessage(error: unknown, nameless: (name: string) => string): string {
  if (typeof error === 'string') return error.trim() === '' ? nameless('') : error;
  if (typeof error !== 'object' || error === null) return String(error);
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message.trim() !== '') return message;
  return nameless(errorName(error));
}

/** The error's class name as it crossed the worker boundary ('' when it has none). */
export function errorName(error: unknown): string {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? name : '';
}
