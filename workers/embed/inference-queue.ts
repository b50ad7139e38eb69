/**
 * The embed worker's one inference at a time (an ONNX session must not run two at once), with a
 * question's work before indexing's.
 *
 * ONNX Runtime's WebAssembly run holds the worker's thread: no message is even read until it
 * returns. With the indexer's batches of 64 run whole, a question asked while a 10-K was embedded
 * waited for one batch to count its tokens and for the next to be embedded, many seconds
 * (docs/decisions/2026-11-28-questions-while-embedding.md). So passages run in
 * slices sized to take about `sliceMs`, the thread turns between slices to read what arrived, and
 * a question's work goes ahead of the slices still waiting. Small slices cost nothing on WASM
 * (e5-small's shape in Chromium: 5.2–6.6 texts/s in batches of 64, 6.2–7.2 in batches of 1 or 2,
 * same run), and a fast model's slice grows to the whole call, as a GPU wants.
 */

/** About how long one slice of passages may hold the thread. */
export const SLICE_MS = 500;

export interface InferenceQueueOptions {
  sliceMs?: number;
  /** A clock in ms (tests give their own). */
  clock?: () => number;
  /** Lets the thread read its messages; a macrotask by default. */
  turn?: () => Promise<void>;
}

export class InferenceQueue {
  /** Tasks not yet begun, each a function that starts it. */
  private readonly urgent: (() => void)[] = [];
  private readonly background: (() => void)[] = [];
  private running = false;
  /** Time one passage took in the last slice; unknown until one has run. */
  private msPerText: number | undefined;
  private readonly sliceMs: number;
  private readonly clock: () => number;
  private readonly turn: () => Promise<void>;

  constructor(options: InferenceQueueOptions = {}) {
    this.sliceMs = options.sliceMs ?? SLICE_MS;
    this.clock = options.clock ?? (() => performance.now());
    this.turn = options.turn ?? (() => new Promise((resolve) => setTimeout(resolve, 0)));
  }

  /** Work a person waits for (a question's embedding, a rerank): before any slice not yet begun. */
  forQuestion<T>(task: () => Promise<T>): Promise<T> {
    return this.enqueue(this.urgent, task);
  }

  /**
   * Passages, in slices that each take about `sliceMs`, each queued behind any question's work;
   * the vectors come back in the texts' order.
   */
  async passages<V>(texts: readonly string[], embed: (slice: string[]) => Promise<V[]>): Promise<V[]> {
    const out: V[] = [];
    while (out.length < texts.length) {
      const slice = texts.slice(out.length, out.length + this.sliceSize(texts.length - out.length));
      out.push(
        ...(await this.enqueue(this.background, async () => {
          const t0 = this.clock();
          const vectors = await embed(slice);
          this.msPerText = (this.clock() - t0) / slice.length;
          return vectors;
        })),
      );
    }
    return out;
  }

  /** Texts in the next slice: one until a slice has been timed, then as many as fit `sliceMs`. */
  private sliceSize(left: number): number {
    if (this.msPerText === undefined) return 1;
    return Math.max(1, Math.min(left, Math.floor(this.sliceMs / Math.max(this.msPerText, 1e-3))));
  }

  private enqueue<T>(lane: (() => void)[], task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      lane.push(() => void task().then(resolve, reject).finally(() => this.next()));
      if (!this.running) this.pump();
    });
  }

  private pump(): void {
    const start = this.urgent.shift() ?? this.background.shift();
    this.running = start !== undefined;
    start?.();
  }

  /** The thread turns before the next task, so a message that came during the last one is queued first. */
  private next(): void {
    void this.turn().then(() => this.pump());
  }
}
