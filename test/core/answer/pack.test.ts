import { describe, expect, it } from 'vitest';
import { packSources } from '../../../src/core/answer/pack.ts';
import { sourceBlock, sourceLabel, toSource } from '../../../src/core/answer/source-text.ts';
import type { RetrievedChunk } from '../../../src/core/types.ts';
import { seededRandom } from '../../../src/core/util/random.ts';
import { chunk, retrieved, wordCount } from './doubles.ts';

const count = async (text: string) => wordCount(text);

describe('packSources budget', () => {
  // Title "Manual", no headings: each label "[n] Manual" costs 2 words, so a chunk costs 2 + its words.
  const a = retrieved(chunk('d', 5, 'one two three four five six'), 1, 'Manual'); // 8
  const b = retrieved(chunk('d', 2, 'w w w w w w w w w w'), 2, 'Manual'); // 12
  const c = retrieved(chunk('d', 1, 'tiny bit'), 3, 'Manual'); // 4

  it('skips a chunk that does not fit and still takes a later smaller one', async () => {
    const sources = await packSources([a, b, c], { budgetTokens: 14, countTokens: count });
    expect(sources.map((s) => s.chunk.id)).toEqual(['d:1', 'd:5']);
    expect(sources.map((s) => s.n)).toEqual([1, 2]);
    expect(sources.map((s) => s.label)).toEqual(['[1] Manual', '[2] Manual']);
  });

  it('takes a chunk that fills the budget exactly, and nothing once it is spent', async () => {
    expect((await packSources([a, b, c], { budgetTokens: 20, countTokens: count })).map((s) => s.chunk.id)).toEqual([
      'd:2',
      'd:5',
    ]);
    expect(await packSources([a, b, c], { budgetTokens: 0, countTokens: count })).toEqual([]);
    expect(await packSources([a, b, c], { budgetTokens: 3, countTokens: count })).toEqual([]);
  });

  it('counts the label together with the chunk text', async () => {
    const seen: string[] = [];
    await packSources([c], {
      budgetTokens: 100,
      countTokens: async (t) => {
        seen.push(t);
        return wordCount(t);
      },
    });
    expect(seen).toEqual(['[1] Manual\ntiny bit']);
  });

  it('packs a chunk retrieved twice only once', async () => {
    const sources = await packSources([c, c, a], { budgetTokens: 100, countTokens: count });
    expect(sources.map((s) => s.chunk.id)).toEqual(['d:1', 'd:5']);
  });

  it('asks for the counts of a window of chunks at once, and for the budget beside them', async () => {
    const many = Array.from({ length: 12 }, (_, i) => retrieved(chunk('d', i, 'a b c'), i + 1, 'Manual'));
    let inFlight = 0;
    let most = 0;
    const slowCount = async (text: string) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return wordCount(text);
    };
    let budgetAsked = false;
    const budget = new Promise<number>((resolve) => setTimeout(() => resolve(1000), 5)).finally(() => (budgetAsked = true));
    const sources = await packSources(many, { budgetTokens: budget, countTokens: slowCount });
    expect(budgetAsked).toBe(true);
    expect(sources).toHaveLength(12);
    // one round trip for the first eight, another for the last four: never one at a time
    expect(most).toBe(8);
  });

  it('fails when the budget cannot be counted, with chunks or without', async () => {
    const failing = () => Promise.reject(new Error('no tokenizer'));
    await expect(packSources([a], { budgetTokens: failing(), countTokens: count })).rejects.toThrow('no tokenizer');
    await expect(packSources([], { budgetTokens: failing(), countTokens: count })).rejects.toThrow('no tokenizer');
  });

  it('chooses what counting one chunk at a time under its own number chooses', async () => {
    // The label's number is counted: "[10]" costs a character more than "[9]", so a chunk counted
    // under the number it would have had without an earlier skip would be counted wrong.
    const chars = async (text: string) => text.length;
    const oneByOne = async (chunks: RetrievedChunk[], budget: number) => {
      const picked: RetrievedChunk[] = [];
      const seen = new Set<string>();
      let spent = 0;
      for (const candidate of chunks) {
        if (spent >= budget) break;
        if (seen.has(candidate.chunk.id)) continue;
        seen.add(candidate.chunk.id);
        const cost = await chars(sourceBlock(toSource(picked.length + 1, candidate)));
        if (spent + cost > budget) continue;
        picked.push(candidate);
        spent += cost;
      }
      return picked.map((p) => p.chunk.id).sort();
    };
    const random = seededRandom(7);
    let skipped = 0;
    for (let trial = 0; trial < 200; trial++) {
      const chunks = Array.from({ length: 1 + Math.floor(random() * 30) }, (_, i) => {
        const ordinal = Math.floor(random() * 25);
        return retrieved(chunk('d', ordinal, 'x'.repeat(1 + Math.floor(random() * 60))), i + 1, 'Manual');
      });
      const budget = Math.floor(random() * 900);
      const expected = await oneByOne(chunks, budget);
      const packed = (await packSources(chunks, { budgetTokens: budget, countTokens: chars })).map((s) => s.chunk.id).sort();
      expect(packed).toEqual(expected);
      if (expected.length > 0 && expected.length < new Set(chunks.map((x) => x.chunk.id)).size) skipped++;
    }
    // the trials did leave chunks out, which is where counting ahead could go wrong
    expect(skipped).toBeGreaterThan(50);
  });
});

describe('source labels', () => {
  it('names title, heading path and page', () => {
    const c = chunk('d', 0, 'x', { headingPath: ['Chapter 2', 'Safety'], page: 7 });
    expect(sourceLabel(3, c, 'Manual', 'manual.pdf')).toBe('[3] Manual › Chapter 2 › Safety · p. 7');
  });

  it('leaves the page out when it is not known, and shows a page range', () => {
    const noPage = chunk('d', 0, 'x', { headingPath: ['第二章 基本业务规则', '第二节 销售管理'] });
    expect(sourceLabel(1, noPage, '规则', 'r.docx')).toBe('[1] 规则 › 第二章 基本业务规则 › 第二节 销售管理');
    const range = chunk('d', 0, 'x', { page: 7, pageEnd: 8 });
    expect(sourceLabel(1, range, 'Manual', 'm.pdf')).toBe('[1] Manual · p. 7–8');
  });

  it('falls back to the file name and does not repeat the title as first heading', () => {
    const c = chunk('d', 0, 'x', { headingPath: ['Guide', 'Install'] });
    expect(sourceLabel(2, c, '', 'guide.md')).toBe('[2] guide.md › Guide › Install');
    expect(sourceLabel(2, c, 'Guide', 'guide.md')).toBe('[2] Guide › Install');
  });
});

describe('presentation order', () => {
  it("'document' groups by document (best document first) and sorts by position", async () => {
    const best = [
      retrieved(chunk('b', 3, 'b three'), 1),
      retrieved(chunk('a', 1, 'a one'), 2),
      retrieved(chunk('b', 0, 'b zero'), 3),
      retrieved(chunk('a', 0, 'a zero'), 4),
    ];
    const sources = await packSources(best, { budgetTokens: 1000, countTokens: count, order: 'document' });
    expect(sources.map((s) => s.chunk.id)).toEqual(['b:0', 'b:3', 'a:0', 'a:1']);
    expect(sources.map((s) => s.label)).toEqual(['[1] Title b', '[2] Title b', '[3] Title a', '[4] Title a']);
  });

  it("'edges-first' puts the best chunks at both ends and the weakest in the middle", async () => {
    const best = [1, 2, 3, 4, 5].map((r) => retrieved(chunk('d', 10 - r, `rank ${r}`), r));
    const sources = await packSources(best, { budgetTokens: 1000, countTokens: count, order: 'edges-first' });
    expect(sources.map((s) => s.chunk.text)).toEqual(['rank 1', 'rank 3', 'rank 5', 'rank 4', 'rank 2']);
    expect(sources.map((s) => s.n)).toEqual([1, 2, 3, 4, 5]);
    expect(sources[4].label).toBe('[5] Title d');
  });
});
