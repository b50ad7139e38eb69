/** Cancellation helpers shared by the long-running stages. */

export class CancelledError extends Error {
  constructor(what = 'operation') {
    super(`${what} was cancelled`);
    this.name = 'CancelledError';
  }
}

/** Throws CancelledError when the signal has been aborted. */
export function throwIfAborted(signal: AbortSignal | undefined, what?: string): void {
  if (signal?.aborted) throw new CancelledError(what);
}

/**
 * `work`'s result, or a CancelledError as soon as `signal` aborts. The work waited for (a model
 * load, another reader's clustering) may be shared or unable to stop mid-way; it goes on, and only
 * this caller stops waiting for it.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined, what: string): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new CancelledError(what));
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    // Handled either way, so a late failure of abandoned work is never an unhandled rejection.
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
