/** Batched embedding with progress and cancellation, into one flat row-major Float32Array. */
import type { EmbedRole, Embedder } from '../ports.ts';
import { throwIfAborted } from '../util/abort.ts';

export interface EmbedTextsOptions {
  role?: EmbedRole;
  batchSize?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Awaited after each batch with the rows done so far, held in the first `done` rows of `vectors`: a checkpoint. */
  onBatch?: (done: number, vectors: Float32Array) => Promise<void>;
}

export async function embedTexts(embedder: Embedder, texts: readonly string[], options: EmbedTextsOptions = {}): Promise<Float32Array> {
  const { role = 'passage', batchSize = 64, signal, onProgress, onBatch } = options;
  const dim = embedder.dimension;
  const out = new Float32Array(texts.length * dim);
  for (let i = 0; i < texts.length; i += batchSize) {
    throwIfAborted(signal, 'embedding');
    const batch = texts.slice(i, i + batchSize);
    const vectors = await embedder.embed(batch, role, signal);
    vectors.forEach((v, j) => {
      if (v.length !== dim) throw new RangeError(`${embedder.id} returned ${v.length} dimensions, expected ${dim}`);
      out.set(v, (i + j) * dim);
    });
    const done = Math.min(i + batchSize, texts.length);
    onProgress?.(done, texts.length);
    await onBatch?.(done, out);
  }
  return out;
}

/** Row `i` of a flat row-major matrix, as a view (no copy). */
export function row(vectors: Float32Array, dimension: number, i: number): Float32Array {
  return vectors.subarray(i * dimension, (i + 1) * dimension);
}

export function concatVectors(...parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
