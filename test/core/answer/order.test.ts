import { describe, expect, it } from 'vitest';
import { documentOrder, edgesFirst } from '../../../src/core/answer/order.ts';
import { chunk, retrieved } from './doubles.ts';

describe('presentation orders', () => {
  it('documentOrder groups by document in the order of its best chunk, each by position', () => {
    const best = [retrieved(chunk('e', 4, 'e4'), 1), retrieved(chunk('d', 2, 'd2'), 2), retrieved(chunk('e', 1, 'e1'), 3), retrieved(chunk('d', 0, 'd0'), 4)];
    expect(documentOrder(best).map((c) => c.chunk.text)).toEqual(['e1', 'e4', 'd0', 'd2']);
  });

  it('edgesFirst puts the best at both ends', () => {
    expect(edgesFirst([1, 2, 3, 4, 5])).toEqual([1, 3, 5, 4, 2]);
  });
});
