/**
 * A stream that a Stop ends at once (the single wait, `untilAborted`, is in src/core/util/abort.ts:
 * the engine's clustering waits that way too).
 */
import { untilAborted } from '../../src/core/util/abort.ts';

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
