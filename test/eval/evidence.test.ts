import { describe, expect, it } from 'vitest';
import type { EvalDocument, GoldEvidence } from '../../src/eval/datasets/types.ts';
import { goldCoverage, goldGrades, type RetrievedPiece } from '../../src/eval/evidence.ts';
import { overlapRatio, shingles } from '../../src/eval/text-overlap.ts';
import { allGoldAtK, recallAtK } from '../../src/eval/metrics/retrieval.ts';

const piece = (docId: string, text: string, page?: number, pageEnd?: number): RetrievedPiece => ({ docId, text, page, pageEnd });
const coveredGold = (chunk: RetrievedPiece, docs: ReadonlyMap<string, EvalDocument>, gold: GoldEvidence) => goldCoverage(gold, docs)(chunk);
const overlap = (a: string, b: string) => overlapRatio(shingles(a), shingles(b));

describe('overlap of shingles', () => {
  const long = 'the quick brown fox jumps over the lazy dog near the river bank at dawn';
  it('is 1 when one text lies inside the other', () => {
    expect(overlap('brown fox jumps over the lazy dog', long)).toBe(1);
  });
  it('is 0 for texts that only share words, not phrases', () => {
    expect(overlap('dog lazy the over jumps fox brown', long)).toBe(0);
  });
  it('works on Chinese through word segmentation', () => {
    const gold = '国家统计局12月26日发布的数据显示，2022年全国棉花总产量597.7万吨，比2021年增加24.6万吨。';
    expect(overlap('2022年全国棉花总产量597.7万吨，比2021年增加24.6万吨。', gold)).toBe(1);
    expect(overlap('新疆棉花播种面积3745.3万亩，比上年减少13.8万亩。', gold)).toBeLessThan(0.3);
  });
});

describe('titles (HotpotQA)', () => {
  const docs = new Map<string, EvalDocument>([
    ['h1', { id: 'Arshile Gorky', name: 'a.txt', title: 'Arshile Gorky', text: '…' }],
    ['h2', { id: 'Other', name: 'b.txt', title: 'Other', text: '…' }],
  ]);
  const gold: GoldEvidence = { type: 'titles', titles: ['Charles A. Agemian', 'Arshile Gorky'] };
  it('a chunk covers the gold title of its document', () => {
    expect(coveredGold(piece('h1', 'x'), docs, gold)).toEqual(['Arshile Gorky']);
    expect(coveredGold(piece('h2', 'x'), docs, gold)).toEqual([]);
    expect(coveredGold(piece('unknown', 'x'), docs, gold)).toEqual([]);
  });
  it('gold ids are the titles, grade 1', () => {
    expect(goldGrades(gold)).toEqual(new Map([['Charles A. Agemian', 1], ['Arshile Gorky', 1]]));
  });
});

describe('passages (RGB)', () => {
  const p0 = '国家统计局12月26日发布的数据显示，2022年全国棉花总产量597.7万吨，比2021年增加24.6万吨，增长4.3%。';
  const p1 = 'ChatGPT于2022年11月30日由总部位于旧金山的OpenAI推出。';
  const p2 = '2023年3月14日，OpenAI正式发布全新大型多模态模型GPT-4。';
  const docs = new Map<string, EvalDocument>([
    ['e0', { id: 'rgb-0', name: 'rgb-0.txt', title: '', text: p0 }],
    ['e1', { id: 'rgb-1', name: 'rgb-1.txt', title: '', text: p1 }],
    ['e2', { id: 'rgb-2', name: 'rgb-2.txt', title: '', text: p2 }],
    ['big', { id: 'big', name: 'big.txt', title: '', text: `前言。${p0}后记。` }],
  ]);

  it('a chunk of the passage’s own document covers it, whatever part of it the chunk holds', () => {
    const gold: GoldEvidence = { type: 'passages', texts: [p0], ids: ['p0'] };
    expect(coveredGold(piece('e0', '增长4.3%。'), docs, gold)).toEqual(['p0']);
    expect(coveredGold(piece('e1', p1), docs, gold)).toEqual([]);
  });
  it('in another layout, a chunk whose text holds the passage covers it', () => {
    const gold: GoldEvidence = { type: 'passages', texts: [p0], ids: ['p0'] };
    expect(coveredGold(piece('big', `前言。${p0}`), docs, gold)).toEqual(['p0']);
    expect(coveredGold(piece('big', '前言。后记。'), docs, gold)).toEqual([]);
  });
  it('one coverage serves every chunk of every method: remembered texts give the same answers', () => {
    const gold: GoldEvidence = { type: 'passages', texts: [p0, p1], ids: ['p0', 'p1'] };
    const coverage = goldCoverage(gold, docs);
    const chunks = [piece('big', `前言。${p0}`), piece('big', '前言。后记。'), piece('big', `${p1}`), piece('big', `前言。${p0}`)];
    const expected = [['p0'], [], ['p1'], ['p0']];
    expect(chunks.map(coverage)).toEqual(expected);
    expect(chunks.map(coverage)).toEqual(expected);
  });
  it('multi-fact questions: all-gold needs one passage per fact', () => {
    const gold: GoldEvidence = { type: 'passages', texts: [p1, p2], ids: ['fact0', 'fact1'] };
    const grades = goldGrades(gold);
    const onlyFirst = [piece('e1', p1), piece('e0', p0)].map(goldCoverage(gold, docs));
    expect(onlyFirst).toEqual([['fact0'], []]);
    expect(recallAtK(onlyFirst, grades, 2)).toBe(0.5);
    const both = [piece('e1', p1), piece('e2', p2)].map(goldCoverage(gold, docs));
    expect(allGoldAtK(both, grades, 2)).toBe(1);
  });
});

describe('pages (FinanceBench)', () => {
  const evidence = 'On June 30, 2022, Amcor Finance (USA), Inc. and Amcor Flexibles North America, Inc. entered into supplemental indentures';
  const gold: GoldEvidence = {
    type: 'pages',
    items: [
      { doc: 'AMCOR_8K', page: 2, text: evidence },
      { doc: 'AMCOR_8K', page: 4, text: 'Exhibit 4.1 supplemental indenture dated as of June 30, 2022' },
    ],
  };
  const docs = new Map<string, EvalDocument>([
    ['pdf1', { id: 'AMCOR_8K', name: 'AMCOR_8K.pdf', title: 'AMCOR_8K', path: '/x/AMCOR_8K.pdf' }],
    ['pdf2', { id: 'PEPSICO_8K', name: 'PEPSICO_8K.pdf', title: 'PEPSICO_8K', path: '/x/PEPSICO_8K.pdf' }],
  ]);
  it('covers the evidence page when the chunk’s page range includes it', () => {
    expect(coveredGold(piece('pdf1', 'anything', 2), docs, gold)).toEqual(['AMCOR_8K#p2']);
    expect(coveredGold(piece('pdf1', 'anything', 1, 4), docs, gold)).toEqual(['AMCOR_8K#p2', 'AMCOR_8K#p4']);
    expect(coveredGold(piece('pdf1', 'anything', 3), docs, gold)).toEqual([]);
  });
  it('or when its text overlaps the evidence text, in the gold filing only', () => {
    expect(coveredGold(piece('pdf1', `Item 8.01 Other Events. ${evidence}`, 1), docs, gold)).toEqual(['AMCOR_8K#p2']);
    expect(coveredGold(piece('pdf2', evidence, 2), docs, gold)).toEqual([]);
  });
  it('gold ids are pages of filings', () => {
    expect([...goldGrades(gold).keys()]).toEqual(['AMCOR_8K#p2', 'AMCOR_8K#p4']);
  });
});

describe('qrels (MS MARCO)', () => {
  const gold: GoldEvidence = { type: 'qrels', grades: { d1: 2, d2: 1 } };
  const docs = new Map<string, EvalDocument>([
    ['x1', { id: 'd1', name: 'd1.txt', title: '', text: 'one' }],
    ['x3', { id: 'd3', name: 'd3.txt', title: '', text: 'three' }],
  ]);
  it('covers by document id, keeping the grades', () => {
    expect(coveredGold(piece('x1', 'one'), docs, gold)).toEqual(['d1']);
    expect(coveredGold(piece('x3', 'three'), docs, gold)).toEqual([]);
    expect(goldGrades(gold)).toEqual(new Map([['d1', 2], ['d2', 1]]));
  });
});
