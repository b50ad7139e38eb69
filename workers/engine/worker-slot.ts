/**
 * One helper worker the engine worker starts on first use and calls through comlink, which a stop
 * (pause, cancel, delete) ends at once: a busy worker reads no message, so the only way to stop
 * seconds of clustering or OCR is to terminate it. The next call starts a new one. Calls take
 * turns: ending the worker for one stopped call would otherwise take down the calls sent to it
 * after (a question's clustering behind the library's idle one, stopped by a drop), whose replies
 * would never come.
 */
import { wrap, type Remote } from 'comlink';
import { CancelledError, throwIfAborted, untilAborted } from '../../src/core/util/abort.ts';

interface Running<Api> {
  worker: Worker;
  api: Remote<Api>;
  /** Rejects when the worker fails to start or throws outside a call. */
  failed: Promise<never>;
}

export class WorkerSlot<Api> {
  private running: Running<Api> | undefined;
  /** Settles when the last call asked for has ended. */
  private tail: Promise<void> = Promise.resolve();

  /**
   * `create` must hold the literal `new Worker(new URL('…', import.meta.url))`: Vite bundles a
   * worker only when it sees that exact expression. `label` names it in errors ("the OCR worker").
   */
  constructor(
    private readonly create: () => Worker,
    private readonly label: string,
  ) {}

  /** Runs `call` on the worker once the calls before it have ended; `work` names it in the CancelledError a stop gives. */
  async call<T>(work: string, signal: AbortSignal | undefined, call: (api: Remote<Api>) => Promise<T>): Promise<T> {
    throwIfAborted(signal, work);
    const before = this.tail;
    let ended = () => {};
    const mine = new Promise<void>((resolve) => (ended = resolve));
    // a call that leaves the line early still lets the next one go only after the one before it
    this.tail = before.then(() => mine);
    try {
      // a call stopped while it waits leaves the line at once
      await untilAborted(before, signal, work);
      return await this.run(work, signal, call);
    } finally {
      ended();
    }
  }

  private async run<T>(work: string, signal: AbortSignal | undefined, call: (api: Remote<Api>) => Promise<T>): Promise<T> {
    throwIfAborted(signal, work);
    const running = this.start();
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        this.end(running);
        reject(new CancelledError(work));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([call(running.api), running.failed, aborted]);
    } finally {
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Ends the worker, if one runs (and whatever it was doing). */
  stop(): void {
    if (this.running) this.end(this.running);
  }

  private end(running: Running<Api>): void {
    running.worker.terminate();
    if (this.running === running) this.running = undefined;
  }

  private start(): Running<Api> {
    if (this.running) return this.running;
    const worker = this.create();
    const failed = new Promise<never>((_, reject) => {
      worker.addEventListener('error', (event) => {
        this.end(running);
        reject(new Error(`${this.label} failed: ${event.message || 'it could not start'}`));
      });
    });
    failed.catch(() => undefined);
    const running: Running<Api> = { worker, api: wrap<Api>(worker), failed };
    this.running = running;
    return running;
  }
}
