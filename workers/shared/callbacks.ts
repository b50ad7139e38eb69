/**
 * Callbacks that arrived through comlink are proxies over their own MessagePort: calls are posted
 * in order on that port, and the port stays open until released.
 */
import { releaseProxy } from 'comlink';

type Releasable = { [releaseProxy]?: () => void };

/** Calls without waiting for the answer, so a token stream is not slowed by round trips. */
export function post<A extends unknown[]>(callback: ((...args: A) => unknown) | undefined, ...args: A): Promise<void> {
  if (!callback) return Promise.resolve();
  return Promise.resolve(callback(...args)).then(
    () => undefined,
    () => undefined,
  );
}

export function release(callback: unknown): void {
  const release = (callback as Releasable | undefined)?.[releaseProxy];
  if (typeof release === 'function') release();
}
