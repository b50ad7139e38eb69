/**
 * A deterministic stand-in for the Embedder port in unit tests of the logic around it: vectors
 * from hashed character bigrams (so texts sharing words are close), tokens = words or Han chars.
 * Adapters with real models are tested in test/models and test/integration.
 */
import type { Embedder } from '../../src/core/ports.ts';

export function hashEmbedder(id = 'hash-64', dimension = 64): Embedder & { calls: number } {
  const embedder = {
    id,
    dimension,
    maxTokens: 512,
    queryPrefix: '',
    passagePrefix: '',
    calls: 0,
    async embed(texts: string[]) {
      embedder.calls++;
      return texts.map((t) => vectorOf(t.toLowerCase(), dimension));
    },
    async countTokens(texts: string[]) {
      return texts.map((t) => (t.match(/[\p{Script=Han}]|[\p{L}\p{N}]+/gu) ?? []).length);
    },
  };
  return embedder;
}

function vectorOf(text: string, dimension: number): Float32Array {
  const v = new Float32Array(dimension);
  for (let i = 0; i + 1 < text.length; i++) {
    let h = 2166136261;
    h = Math.imul(h ^ text.charCodeAt(i), 16777619);
    h = Math.imul(h ^ text.charCodeAt(i + 1), 16777619);
    v[(h >>> 0) % dimension] += 1;
  }
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < dimension; i++) v[i] /= norm;
  return v;
}
