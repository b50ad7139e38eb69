import { describe, expect, it } from 'vitest';
import { softMemberships } from '../../../src/core/cluster/index.ts';

describe('softMemberships', () => {
  it('puts a point in every cluster above the threshold and an unsure point in its argmax', () => {
    const posteriors = [
      [0.9, 0.05, 0.05], // cluster 0 only
      [0.45, 0.45, 0.1], // clusters 0 and 1 (0.1 is not above 0.1)
      [0.02, 0.03, 0.95], // cluster 2
      [0.1, 0.1, 0.1], // nothing above 0.1: falls back to its argmax (cluster 0, the first of equals)
      [0.05, 0.08, 0.07], // nothing above 0.1: argmax is cluster 1
    ];
    expect(softMemberships(posteriors, 0.1)).toEqual([[0, 1, 3], [1, 4], [2]]);
  });

  it('keeps empty clusters as empty lists so indices still match components', () => {
    expect(softMemberships([[0.99, 0.01], [0.98, 0.02]], 0.1)).toEqual([[0, 1], []]);
  });

  it('handles no points', () => {
    expect(softMemberships([], 0.1)).toEqual([]);
  });
});
