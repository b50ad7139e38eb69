/**
 * Where USE-Lite's batches run (pool.ts: Node's worker threads or the embed worker's own workers).
 * The embedder hands batches to a runner and never knows which.
 */
export interface UseLiteRunner {
  /** Batches the runner can work on at once; the embedder keeps that many in flight. */
  readonly parallel: number;
  run(sequences: readonly (readonly number[])[]): Promise<Float32Array[]>;
  dispose(): Promise<void>;
}
