/**
 * Where USE-Lite's batches run: in the calling thread (the browser's embed worker, whose TF.js
 * backend has threads of its own) or spread over worker threads (Node, where TF.js's WASM backend
 * runs on one thread). The embedder hands batches to a runner and never knows which.
 */
export interface UseLiteRunner {
  /** Batches the runner can work on at once; the embedder keeps that many in flight. */
  readonly parallel: number;
  run(sequences: readonly (readonly number[])[]): Promise<Float32Array[]>;
  dispose(): Promise<void>;
}
