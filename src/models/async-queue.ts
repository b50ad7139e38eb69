/**
 * A push-to-pull bridge: transformers.js hands generated text to a callback, the Generator port
 * hands it out as an async iterable. Unbounded, since a producer that outruns its reader only
 * buffers a few short strings.
 */
export class AsyncQueue<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private wake: (() => void) | undefined;
  private closed = false;
  private failure: { error: unknown } | undefined;

  push(item: T): void {
    if (this.closed) return;
    this.items.push(item);
    this.notify();
  }

  /** No more items: the reader finishes after draining what is buffered. */
  close(): void {
    this.closed = true;
    this.notify();
  }

  /** The reader throws `error` after draining what is buffered. */
  fail(error: unknown): void {
    if (this.closed) return;
    this.failure = { error };
    this.close();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      if (this.items.length > 0) {
        yield this.items.shift() as T;
      } else if (this.failure) {
        throw this.failure.error;
      } else if (this.closed) {
        return;
      } else {
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
