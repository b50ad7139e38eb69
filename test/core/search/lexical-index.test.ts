import { describe, expect, it } from 'vitest';
import { LexicalIndex } from '../../../src/core/search/index.ts';
import { rowMask } from '../../../src/core/search/row-mask.ts';

const rows = (hits: { row: number }[]): number[] => hits.map((h) => h.row);

function sample(): LexicalIndex {
  const index = new LexicalIndex();
  index.addAll([
    { row: 0, text: '数据处理者应当履行数据安全保护义务' },
    { row: 1, text: '个人信息处理者应当采取必要措施' },
    { row: 2, text: 'The quick brown fox jumps over the lazy dog.' },
    { row: 3, text: 'A fox, a fox, and another fox: foxes everywhere in this rather long sentence.' },
    { row: 4, text: 'Erasure requests under Article 17 of the GDPR.' },
  ]);
  return index;
}

describe('LexicalIndex', () => {
  it('finds a Chinese word inside unspaced text', () => {
    const index = sample();
    expect(rows(index.search('数据安全', 10))).toEqual([0]);
    // 处理 occurs in both Chinese rows; 数据 only in row 0 and twice, so row 0 ranks first.
    expect(rows(index.search('数据处理', 10))).toEqual([0, 1]);
    expect(rows(index.search('个人信息', 10))).toEqual([1]);
  });

  it('finds English words case-insensitively, exact terms only', () => {
    const index = sample();
    expect(rows(index.search('GDPR article', 10))).toEqual([4]);
    expect(rows(index.search('FOX', 10))).toEqual(expect.arrayContaining([2, 3]));
    expect(index.search('FOX', 10)).toHaveLength(2); // "foxes" is not "fox": no stemming or prefix
    expect(rows(index.search('unrelated words', 10))).toEqual([]);
    expect(index.search('', 10)).toEqual([]);
  });

  it('ranks by BM25: a rarer term outweighs a common one', () => {
    const index = new LexicalIndex();
    index.addAll([
      { row: 0, text: 'policy policy scope' },
      { row: 1, text: 'policy retention scope' },
      { row: 2, text: 'policy scope' },
      { row: 3, text: 'policy terms' },
    ]);
    // "retention" is in one row, "policy" in all four: row 1 wins although row 0 has policy twice.
    // MiniSearch's BM25+ (k 1.2, b 0.7, d 0.5; idf = ln(1 + (N - n + .5) / (n + .5)); a row's length
    // is its number of distinct terms, here 2, 3, 2, 2, average 2.25), summed over the query terms
    // (MiniSearch's own multiplication by the number of terms matched is divided back out):
    //   row 1: (idf(policy) 0.1054 + idf(retention) 1.2040) · tf(1, len 3) 1.3871 = 1.8162
    //   row 0: 0.1054 · tf(2, len 2) 1.9163 = 0.2019;  rows 2, 3: 0.1054 · tf(1, len 2) 1.5443 = 0.1627
    const hits = index.search('policy retention', 10);
    expect(rows(hits)).toEqual([1, 0, 2, 3]);
    [1.8162, 0.2019, 0.1627, 0.1627].forEach((score, i) => expect(hits[i].score).toBeCloseTo(score, 3));
  });

  it('breaks score ties by the lower row and honours k', () => {
    const index = new LexicalIndex();
    index.add(7, 'same words here');
    index.add(3, 'same words here');
    index.add(5, 'same words here');
    expect(rows(index.search('words', 10))).toEqual([3, 5, 7]);
    expect(rows(index.search('words', 2))).toEqual([3, 5]);
    expect(index.search('words', 0)).toEqual([]);
  });

  it('restricts results to allowed rows', () => {
    const index = sample();
    expect(rows(index.search('fox', 10, (row) => row !== 3))).toEqual([2]);
    expect(rows(index.search('处理', 10, (row) => row === 1))).toEqual([1]);
  });

  it('removes rows, takes a removed row again, and refuses a row twice', () => {
    const index = sample();
    index.remove(0, '数据处理者应当履行数据安全保护义务');
    index.remove(0, '数据处理者应当履行数据安全保护义务'); // absent: harmless
    expect(index.size).toBe(4);
    expect(index.search('数据安全', 10)).toEqual([]);
    expect(index.terms.frequency('数据')).toBe(0);
    index.add(0, '数据安全 again');
    expect(rows(index.search('数据安全', 10))).toEqual([0]);
    expect(() => index.add(2, 'no animals now')).toThrow(RangeError);
    expect(index.size).toBe(5);
  });

  it('counts the rows holding each word, for the second hop to tell rare words from common ones', () => {
    const index = new LexicalIndex();
    index.addAll(Array.from({ length: 10 }, (_, row) => ({ row, text: row === 6 ? 'report by Zhang, Zhang' : `report number ${row}` })));
    expect(index.terms.documents).toBe(10);
    expect(index.terms.frequency('report')).toBe(10);
    expect(index.terms.frequency('zhang')).toBe(1);
    expect(index.terms.idf('zhang')).toBeGreaterThan(index.terms.idf('report'));
    index.remove(6, 'report by Zhang, Zhang');
    expect(index.terms.frequency('zhang')).toBe(0);
    expect(index.terms.documents).toBe(9);
  });

  it("counts a scope's rows alone, so rows outside it (cluster entries) never change how rare a word is", () => {
    const index = new LexicalIndex();
    index.addAll(Array.from({ length: 10 }, (_, row) => ({ row, text: row < 4 ? 'harbour report' : `market ${row}` })));
    const rows = Int32Array.from([0, 1, 4, 5, 6]);
    const scope = { rows, mask: rowMask(rows, 10) };
    const inScope = index.termsIn(scope);
    expect(inScope.documents).toBe(5);
    expect(inScope.frequency('harbour')).toBe(2);
    expect(inScope.idf('harbour')).toBeCloseTo(Math.log(1 + 3.5 / 2.5));
    // a row added outside the scope leaves its figures as they were; one removed inside changes them
    index.add(10, 'harbour harbour');
    expect(index.terms.frequency('harbour')).toBe(5);
    expect(inScope.frequency('harbour')).toBe(2);
    index.remove(1, 'harbour report');
    expect(inScope.documents).toBe(4);
    expect(inScope.frequency('harbour')).toBe(1);
  });

  it('scores after removals as an index built from the remaining rows alone', () => {
    const texts = Array.from({ length: 40 }, (_, row) => `common words ${row % 3 === 0 ? 'harbour' : 'market'} report ${row % 7 === 0 ? 'harbour harbour' : ''} ${row}`);
    const pruned = new LexicalIndex();
    texts.forEach((text, row) => pruned.add(row, text));
    // more than half of "harbour"'s and "common"'s rows go, so their lists are compacted on search
    for (let row = 0; row < 40; row++) if (row % 4 !== 0) pruned.remove(row, texts[row]);
    const fresh = new LexicalIndex();
    texts.forEach((text, row) => row % 4 === 0 && fresh.add(row, text));
    for (const query of ['harbour report', 'common market', 'words 8 harbour']) {
      expect(pruned.search(query, 20)).toEqual(fresh.search(query, 20));
    }
    expect(pruned.terms.frequency('common')).toBe(10);
    expect(pruned.size).toBe(10);
  });

  it('judges the rows of a scope by its statistics, as an index of those rows alone would', () => {
    // chunks of varied length, and many one-sentence entries beside them (as pre-parsing adds)
    const chunks = [
      'harbour fees, harbour fees and again harbour fees: harbour fees rose this year across every port the authority runs along the coast',
      'harbour fees',
      'the authority publishes its port fees and its harbour dues every spring in a long report',
      'dues and fees for ships',
    ];
    const sentences = ['fees rose', 'harbour dues', 'port fees', 'ships pay', 'the report', 'every spring', 'harbour fees rose'];
    const mixed = new LexicalIndex();
    chunks.forEach((text, row) => mixed.add(row, text));
    sentences.forEach((text, i) => mixed.add(chunks.length + i, text));
    const scopeRows = Int32Array.from(chunks.keys());
    const mask = new Uint8Array(chunks.length + sentences.length);
    for (const row of scopeRows) mask[row] = 1;
    const alone = new LexicalIndex();
    chunks.forEach((text, row) => alone.add(row, text));

    for (const query of ['harbour fees', 'port dues report', 'fees']) {
      const scoped = mixed.search(query, 10, (row) => mask[row] === 1, { rows: scopeRows, mask });
      expect(scoped.map((h) => h.row)).toEqual(alone.search(query, 10).map((h) => h.row));
      scoped.forEach((hit, i) => expect(hit.score).toBeCloseTo(alone.search(query, 10)[i].score, 12));
    }
    // unscoped, the short sentences pull the mean length down, and the shortest chunk overtakes the one that says it four times
    expect(alone.search('harbour fees', 10)[0].row).toBe(0);
    expect(mixed.search('harbour fees', 10, (row) => mask[row] === 1)[0].row).toBe(1);

    // a scope alone keeps its rows: no sentence comes back
    expect(mixed.search('harbour fees rose', 20, undefined, { rows: scopeRows, mask }).every((hit) => mask[hit.row] === 1)).toBe(true);
    expect(mixed.search('harbour fees rose', 20).some((hit) => mask[hit.row] !== 1)).toBe(true);

    // the totals follow the rows: a chunk removed is not counted
    mixed.remove(3, chunks[3]);
    alone.remove(3, chunks[3]);
    expect(mixed.search('fees', 10, (row) => mask[row] === 1, { rows: scopeRows, mask })).toEqual(alone.search('fees', 10));
  });

  it('weighs a word asked twice twice, as BM25 sums over the query', () => {
    const index = new LexicalIndex();
    index.addAll([
      { row: 0, text: 'alpha beta' },
      { row: 1, text: 'alpha gamma' },
      { row: 2, text: 'beta gamma' },
    ]);
    const once = index.search('alpha', 3);
    const twice = index.search('alpha alpha', 3);
    expect(twice.map((h) => h.row)).toEqual(once.map((h) => h.row));
    twice.forEach((hit, i) => expect(hit.score).toBeCloseTo(2 * once[i].score, 12));
  });
});
