import { describe, expect, it } from 'vitest';
import { allGoldAtK, mean, ndcgAtK, recallAtK, reciprocalRank } from '../../src/eval/metrics/retrieval.ts';
import { goldSet } from './gold-set.ts';

// Context relevance (0.6) and faithfulness (0.6) of the same example are judged by the LLM: ragas.test.ts.
describe('design worked example: 10 passages, 6 relevant, 5 retrieved of which 3 relevant', () => {
  // Relevant passages of the example: vision, medical, recommender, NLP, finance, games.
  const gold = goldSet(['vision', 'medical', 'recsys', 'nlp', 'finance', 'games']);
  const ranked = [['vision'], [], ['medical'], ['recsys'], []];

  it('recall@5 = 3/6', () => {
    expect(recallAtK(ranked, gold, 5)).toBe(0.5);
  });
  it('not every gold passage is retrieved', () => {
    expect(allGoldAtK(ranked, gold, 5)).toBe(0);
  });
  it('first relevant passage at rank 1', () => {
    expect(reciprocalRank(ranked, gold)).toBe(1);
  });
});

describe('recall and all-gold (multi-hop)', () => {
  const gold = goldSet(['a', 'b']);
  const ranked = [[], ['a'], [], ['b'], ['a']];

  it('counts each gold id once, within the top k', () => {
    expect(recallAtK(ranked, gold, 1)).toBe(0);
    expect(recallAtK(ranked, gold, 2)).toBe(0.5);
    expect(recallAtK(ranked, gold, 5)).toBe(1);
    expect(recallAtK(ranked, gold, 100)).toBe(1);
  });
  it('all-gold@k switches to 1 only once both hops are in', () => {
    expect(allGoldAtK(ranked, gold, 3)).toBe(0);
    expect(allGoldAtK(ranked, gold, 4)).toBe(1);
  });
  it('a chunk spanning two gold passages covers both', () => {
    expect(recallAtK([['a', 'b']], gold, 1)).toBe(1);
    expect(allGoldAtK([['a', 'b']], gold, 1)).toBe(1);
  });
  it('ids outside the gold set are ignored', () => {
    expect(recallAtK([['x', 'a']], gold, 1)).toBe(0.5);
  });
  it('refuses questions without gold evidence and k < 1', () => {
    expect(() => recallAtK([['a']], goldSet([]), 1)).toThrow(RangeError);
    expect(() => recallAtK([['a']], gold, 0)).toThrow(RangeError);
  });
});

describe('reciprocal rank', () => {
  const gold = goldSet(['g']);
  it('is 1 / rank of the first covering item', () => {
    expect(reciprocalRank([[], [], ['g']], gold)).toBeCloseTo(1 / 3, 12);
  });
  it('is 0 when nothing relevant is retrieved, or only beyond k', () => {
    expect(reciprocalRank([[], []], gold)).toBe(0);
    expect(reciprocalRank([[], [], ['g']], gold, 2)).toBe(0);
  });
  it('MRR is the mean over questions', () => {
    expect(mean([1, 0.5, 0])).toBe(0.5);
  });
});

describe('nDCG@k', () => {
  it('graded gains, log2 discount, ideal from the gold grades', () => {
    const gold = new Map([
      ['a', 3],
      ['b', 2],
      ['c', 1],
    ]);
    // DCG = 2/log2(2) + 0 + 3/log2(4) = 2 + 1.5 = 3.5
    // IDCG = 3/1 + 2/log2(3) + 1/2
    const ideal = 3 + 2 / Math.log2(3) + 0.5;
    expect(ndcgAtK([['b'], ['x'], ['a']], gold, 10)).toBeCloseTo(3.5 / ideal, 12);
  });
  it('truncates both the ranking and the ideal at k', () => {
    const gold = new Map([
      ['a', 3],
      ['b', 2],
    ]);
    // top 1 holds b: 2 / 3
    expect(ndcgAtK([['b'], ['a']], gold, 1)).toBeCloseTo(2 / 3, 12);
  });
  it('is 1 for the ideal order and 0 with no hits', () => {
    const gold = goldSet(['a', 'b']);
    expect(ndcgAtK([['a'], ['b']], gold, 10)).toBeCloseTo(1, 12);
    expect(ndcgAtK([['x']], gold, 10)).toBe(0);
  });
  it('a repeated gold id earns once, and an item covering two ids fills one rank', () => {
    const gold = goldSet(['a', 'b']);
    const ideal = 1 + 1 / Math.log2(3);
    expect(ndcgAtK([['a'], ['a']], gold, 10)).toBeCloseTo(1 / ideal, 12);
    // rank 1 credits one of a/b, rank 2 (covering both again) credits the other
    expect(ndcgAtK([['a', 'b'], ['a', 'b']], gold, 10)).toBeCloseTo(1, 12);
    expect(ndcgAtK([['a', 'b']], gold, 10)).toBeCloseTo(1 / ideal, 12);
  });
});

describe('means', () => {
  it('mean of nothing is NaN, not 0', () => {
    expect(mean([])).toBeNaN();
  });
});
