/**
 * Threads for the embed worker's ONNX Runtime. onnxruntime-web's own default is half the cores
 * (at most 4): one thread on a two-core machine, where indexing a document is mostly this worker
 * embedding chunks and the other core sits idle. The engine and page threads wait on the
 * embeddings meanwhile, so the embedder gets every core, up to ORT's useful four.
 * Measured with `npm run bench:models` (threads 1 against this, same run).
 */
export function embedThreads(cores: number | undefined = globalThis.navigator?.hardwareConcurrency): number {
  return Math.max(1, Math.min(4, cores ?? 1));
}
