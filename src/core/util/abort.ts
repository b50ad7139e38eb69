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
