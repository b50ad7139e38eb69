/**
 * Waiting that a Stop ends at once. The work waited for (a model load, a step of the engine) may
 * be shared or unable to stop mid-way; it goes on, and only this caller stops waiting for it.
 */
import { CancelledError } from '../../src/core/util/abort.ts';

/** `work`'s result, or a CancelledError as soon as `signal` aborts. */
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

/** The items of `source` until `signal` aborts; an abort ends the wait for the next item at once. */
export async function* untilAbortedEach<T>(source: AsyncIterable<T>, signal: AbortSignal, what: string): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await untilAborted(iterator.next(), signal, what);
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // Closes the source once its pending step settles; whatever that step yields goes nowhere.
    void iterator.return?.()?.catch(() => undefined);
  }
}
