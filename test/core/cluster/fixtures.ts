import type { Chunk } from '../../../src/core/types.ts';
import { seededRandom } from '../../../src/core/util/random.ts';

/** Standard normal draws from the seeded generator (Box–Muller). */
export function gaussian(random: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** `perBlob` points around each center with the given standard deviation, blob after blob. */
export function blobs(centers: number[][], perBlob: number, std: number, seed: number): number[][] {
  const normal = gaussian(seededRandom(seed));
  const points: number[][] = [];
  for (const center of centers) {
    for (let i = 0; i < perBlob; i++) points.push(center.map((c) => c + std * normal()));
  }
  return points;
}

/**
 * Unit vectors in `dim` dimensions drawn around `topics` random directions; chunk i is about
 * topic i % topics, so topics interleave in document order.
 */
export function topicVectors(n: number, topics: number, dim: number, noise: number, seed: number): { vectors: Float32Array[]; topic: number[] } {
  const normal = gaussian(seededRandom(seed));
  const directions = Array.from({ length: topics }, () => unit(Array.from({ length: dim }, normal)));
  const vectors: Float32Array[] = [];
  const topic: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = i % topics;
    topic.push(t);
    vectors.push(Float32Array.from(unit(directions[t].map((x) => x + (noise / Math.sqrt(dim)) * normal()))));
  }
  return { vectors, topic };
}

export function unit(v: number[]): number[] {
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

export function chunksFor(n: number, docId = 'doc'): Chunk[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${docId}:${i}`,
    docId,
    ordinal: i,
    text: `chunk ${i}`,
    headingPath: [],
    start: i * 10,
    end: i * 10 + 9,
    tokens: 3,
  }));
}
