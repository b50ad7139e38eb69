/**
 * Recall at a token budget on hand-made rankings: whole chunks packed best first as the engine
 * packs them, a chunk that does not fit skipped and a later smaller one still taken, tokens
 * counted on the source block the prompt would show.
 */
import { describe, expect, it } from 'vitest';
import type { RetrievedChunk } from '../../src/core/types.ts';
import { budgetScores, memoCountTokens, packedWithin } from '../../src/eval/harness/budget.ts';

/** A chunk whose text is `words` copies of its id, so its cost is known: label "[n] d" (2 words) + words. */
function chunk(id: string, words: number, ordinal = 0): RetrievedChunk {
  const text = Array.from({ length: words }, () => id).join(' ');
  return {
    chunk: { id, docId: 'd', ordinal, text, headingPath: [], start: 0, end: text.length, tokens: words },
    docName: 'd',
    docTitle: '',
    score: 1,
    firstRank: 1,
  };
}

const words = async (text: string) => text.split(/\s+/u).filter(Boolean).length;

// costs: A 10 (gold g1), B 22 (gold g2), C 6 (no gold), D 5 (gold g2)
const RANKED = [chunk('A', 8, 3), chunk('B', 20, 2), chunk('C', 4, 1), chunk('D', 3, 0)];
const COVERS: Record<string, string[]> = { A: ['g1'], B: ['g2'], C: [], D: ['g2'] };
/** Coverage as the evidence matcher sees a chunk (no id): its text, whose words are its id. */
const idOf = (c: { text: string }) => c.text.split(' ')[0];
const GOLD = { grades: new Map([['g1', 1], ['g2', 1]]), coverage: (c: { text: string }) => COVERS[idOf(c)] };

describe('packedWithin', () => {
  it('skips a chunk that does not fit and takes a later, smaller one, best first', async () => {
    const ids = async (budget: number) => (await packedWithin(RANKED, budget, words)).map((r) => r.chunk.id);
    expect(await ids(16)).toEqual(['A', 'C']); // B (22) skipped; C fills the budget, D never tried
    expect(await ids(21)).toEqual(['A', 'C', 'D']); // B skipped, then C and D still fit
    expect(await ids(40)).toEqual(['A', 'B', 'C']); // D would make 43
    expect(await ids(5)).toEqual(['D']);
    expect(await ids(4)).toEqual([]);
  });

  it('counts the source block the prompt shows, label included', async () => {
    const seen: string[] = [];
    const doc = { ...chunk('A', 2), docTitle: 'Violin' };
    doc.chunk.headingPath = ['Making'];
    await packedWithin([doc], 100, async (text) => (seen.push(text), words(text)));
    expect(seen).toEqual(['[1] Violin › Making\nA A']);
  });

  it('packs a chunk retrieved twice once', async () => {
    const packed = await packedWithin([chunk('A', 2), chunk('A', 2), chunk('B', 2)], 100, words);
    expect(packed.map((r) => r.chunk.id)).toEqual(['A', 'B']);
  });
});

describe('budgetScores', () => {
  it('scores recall and all-gold on what was packed within each budget', async () => {
    const outcome = await budgetScores(RANKED, [4, 5, 16, 21, 40, 100], words, GOLD);
    expect(outcome.scores).toEqual({
      'recall@4t': 0,
      'allGold@4t': 0,
      'recall@5t': 0.5,
      'allGold@5t': 0,
      'recall@16t': 0.5,
      'allGold@16t': 0,
      'recall@21t': 1,
      'allGold@21t': 1,
      'recall@40t': 1,
      'allGold@40t': 1,
      'recall@100t': 1,
      'allGold@100t': 1,
    });
    expect(outcome.packed).toEqual({ '4': 0, '5': 1, '16': 2, '21': 3, '40': 3, '100': 4 });
    // only 100 took every chunk retrieved: it might have held more
    expect(outcome.underfilled).toEqual([100]);
  });

  it('charges a long first hit for its space, which recall at k chunks does not see', async () => {
    // a 30-token cluster member ranked first, the gold passage (10 tokens) second
    const ranked = [chunk('L', 28), chunk('G', 8)];
    const gold = { grades: new Map([['g', 1]]), coverage: (c: { text: string }) => (idOf(c) === 'G' ? ['g'] : []) };
    expect((await budgetScores(ranked, [35], words, gold)).scores['recall@35t']).toBe(0);
    expect((await budgetScores(ranked, [40], words, gold)).scores['recall@40t']).toBe(1);
    expect((await budgetScores([...ranked].reverse(), [35], words, gold)).scores['recall@35t']).toBe(1);
  });

  it('counts packed chunks without gold evidence, and scores nothing', async () => {
    const outcome = await budgetScores(RANKED, [16], words);
    expect(outcome).toEqual({ scores: {}, packed: { '16': 2 }, underfilled: [] });
  });
});

describe('memoCountTokens', () => {
  it('counts each text once, and forgets everything when full', async () => {
    const counted: string[] = [];
    const count = memoCountTokens(async (text) => (counted.push(text), text.length), 2);
    expect([await count('ab'), await count('abc'), await count('ab')]).toEqual([2, 3, 2]);
    expect(counted).toEqual(['ab', 'abc']);
    await count('abcd'); // the memo was full: cleared, then holds abcd
    await count('ab');
    expect(counted).toEqual(['ab', 'abc', 'abcd', 'ab']);
  });
});
