import { describe, expect, it } from 'vitest';
import { rerank } from '../../../src/core/query/rerank.ts';
import type { Reranker } from '../../../src/core/ports.ts';
import { CancelledError } from '../../../src/core/util/abort.ts';
import { LookupReranker, chunk, retrieved } from '../answer/doubles.ts';

const scores: Record<string, number> = { alpha: 0.1, beta: 2.5, gamma: -1, delta: 2.5, eps: Number.NaN };
const byWord = (p: string) => scores[Object.keys(scores).find((w) => p.endsWith(w)) ?? ''] ?? 0;

const candidates = ['alpha', 'beta', 'gamma', 'delta', 'eps'].map((w, i) => retrieved(chunk('d', i, w), i + 1));

describe('rerank', () => {
  it('sorts by the reranker score, keeps ties in retrieval order, and sets rerankScore', async () => {
    const reranker = new LookupReranker(byWord);
    const out = await rerank('q', candidates, reranker);
    expect(out.map((c) => c.chunk.text)).toEqual(['beta', 'delta', 'alpha', 'gamma', 'eps']);
    expect(out.map((c) => c.rerankScore)).toEqual([2.5, 2.5, 0.1, -1, Number.NaN]);
    expect(out[0].firstRank).toBe(2);
    expect(candidates[0].rerankScore).toBeUndefined();
    expect(reranker.seen[0]).toEqual({ query: 'q', passages: ['alpha', 'beta', 'gamma', 'delta', 'eps'] });
  });

  it('keeps only topN', async () => {
    const out = await rerank('q', candidates, new LookupReranker(byWord), { topN: 2 });
    expect(out.map((c) => c.chunk.text)).toEqual(['beta', 'delta']);
  });

  it('shows the reranker the heading path with the chunk', async () => {
    const reranker = new LookupReranker(() => 0);
    await rerank('q', [retrieved(chunk('d', 0, 'body', { headingPath: ['Ch 1', 'Safety'] }), 1)], reranker);
    expect(reranker.seen[0].passages).toEqual(['Ch 1 › Safety\nbody']);
  });

  it('does not call the reranker for no chunks, and throws when cancelled', async () => {
    const reranker = new LookupReranker(() => 0);
    expect(await rerank('q', [], reranker)).toEqual([]);
    expect(reranker.seen).toHaveLength(0);
    const controller = new AbortController();
    controller.abort();
    await expect(rerank('q', candidates, reranker, { signal: controller.signal })).rejects.toBeInstanceOf(CancelledError);
  });

  it('refuses a reranker that returns the wrong number of scores', async () => {
    const broken: Reranker = { id: 'broken', score: async () => [1] };
    await expect(rerank('q', candidates, broken)).rejects.toThrow(/1 scores for 5 passages/);
  });
});
