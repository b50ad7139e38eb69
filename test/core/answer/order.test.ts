import { describe, expect, it } from 'vitest';
import { bestFirst, edgesFirst } from '../../../src/core/answer/order.ts';
import { chunk, retrieved } from './doubles.ts';

describe('bestFirst', () => {
  // Backtracking returns document order; firstRank says which candidate brought each chunk in.
  const held = [retrieved(chunk('d', 0, 'a'), 3), retrieved(chunk('d', 1, 'b'), 1), retrieved(chunk('d', 2, 'c'), 3), retrieved(chunk('d', 3, 'd'), 2)];

  it('orders by the candidate that brought each chunk in, members of one hit kept in document order', () => {
    expect(bestFirst(held, false).map((c) => c.chunk.text)).toEqual(['b', 'd', 'a', 'c']);
    expect(held.map((c) => c.chunk.text)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps the reranker order when reranked', () => {
    const reranked = [held[2], held[0], held[3], held[1]];
    expect(bestFirst(reranked, true)).toBe(reranked);
  });

  it('edgesFirst puts the best at both ends', () => {
    expect(edgesFirst([1, 2, 3, 4, 5])).toEqual([1, 3, 5, 4, 2]);
  });
});
