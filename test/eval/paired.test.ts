/**
 * Paired comparison of two runs question by question, on hand-made reports: the counts, the
 * interval's side of zero for a clear change and for noise, how methods are paired (the default
 * with the default whatever its label), and the refusals that name the file and the reason.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareReports } from '../../src/eval/compare/compare-reports.ts';
import { ComparisonError, parseEvalReport, resolveRunFile } from '../../src/eval/compare/load-report.ts';
import { comparisonTable, reading } from '../../src/eval/compare/table.ts';
import { pairedDifference } from '../../src/eval/stats/paired.ts';
import { handMadeReport } from './comparison-fixture.ts';

const of = { of: 'a.json', against: 'b.json' };
const repeat = <T>(values: readonly T[], times: number): T[] => Array.from({ length: times }, () => values).flat();

describe('pairedDifference', () => {
  it('counts questions won, lost and tied, and the mean difference', () => {
    const d = pairedDifference([[1, 0.5], [0.5, 0.5], [0, 1], [1, 1], [0.5, 0]]);
    expect(d).toMatchObject({ questions: 5, won: 2, lost: 1, tied: 2 });
    expect(d?.meanDifference).toBeCloseTo((0.5 - 1 + 0.5) / 5, 12);
    // the same ranking scored twice may differ in the last bit: still a tie
    expect(pairedDifference([[0.1 + 0.2, 0.3]])).toMatchObject({ won: 0, lost: 0, tied: 1 });
    expect(pairedDifference([])).toBeUndefined();
  });
});

describe('compareReports', () => {
  // 40 questions: the change finds one more passage on 12, loses none
  const before = repeat([0.5, 0.5, 0.5, 1, 0.5, 1, 0, 1, 0.5, 0.5], 4);
  const after = before.map((v, i) => (i % 10 < 3 && v < 1 ? v + 0.5 : v));

  it('shows a clear improvement with an interval above zero', () => {
    const c = compareReports(handMadeReport({ methods: { x: after }, defaultMethod: 'x' }), handMadeReport({ methods: { x: before }, defaultMethod: 'x' }), of);
    expect(c.rows.map((r) => r.metric)).toEqual(['recall@5', 'ndcg@10']);
    const [recall] = c.rows;
    expect(recall).toMatchObject({ method: 'x', other: 'x', isDefault: true, questions: 40, won: 12, lost: 0, tied: 28 });
    expect(recall.meanDifference).toBeCloseTo(0.15, 12);
    expect(recall.interval[0]).toBeGreaterThan(0);
    expect(recall.interval[0]).toBeLessThan(0.15);
    expect(recall.interval[1]).toBeGreaterThan(0.15);
    expect(reading(recall)).toBe('better');
    // the other way round, the same change reads as worse
    const back = compareReports(handMadeReport({ methods: { x: before }, defaultMethod: 'x' }), handMadeReport({ methods: { x: after }, defaultMethod: 'x' }), of);
    expect(reading(back.rows[0])).toBe('worse');
  });

  it('holds zero for noise: as many questions won as lost', () => {
    const noisy = before.map((v, i) => (i % 4 === 0 ? Math.min(1, v + 0.5) : i % 4 === 2 ? Math.max(0, v - 0.5) : v));
    const c = compareReports(handMadeReport({ methods: { x: noisy }, defaultMethod: 'x' }), handMadeReport({ methods: { x: before }, defaultMethod: 'x' }), of);
    const [recall] = c.rows;
    expect(recall.won).toBeGreaterThan(3);
    expect(recall.lost).toBeGreaterThan(3);
    expect(recall.interval[0]).toBeLessThan(0);
    expect(recall.interval[1]).toBeGreaterThan(0);
    expect(reading(recall)).toBe('–');
  });

  it('pairs questions by id, whatever their order, on the questions both asked', () => {
    const a = handMadeReport({ methods: { x: [1, 0, 0.5] }, defaultMethod: 'x', ids: ['q1', 'q2', 'q3'] });
    const b = handMadeReport({ methods: { x: [0, 0.5, 1, 1] }, defaultMethod: 'x', ids: ['q4', 'q3', 'q2', 'q1'] });
    const c = compareReports(a, b, of);
    expect(c.sharedQuestions).toBe(3);
    // q1: 1 vs 1, q2: 0 vs 1, q3: 0.5 vs 0.5
    expect(c.rows[0]).toMatchObject({ questions: 3, won: 0, lost: 1, tied: 2 });
  });

  it('compares each run’s default with the other’s even under another label, and the labels both have', () => {
    const a = handMadeReport({ methods: { bm25: [1, 0], 'naive+hybrid': [1, 1], 'p-rag+hybrid+2hop': [1, 1] }, defaultMethod: 'p-rag+hybrid+2hop' });
    const b = handMadeReport({ methods: { bm25: [1, 0], 'naive+hybrid': [1, 0], 'cap-rag+hybrid': [0, 0] }, defaultMethod: 'cap-rag+hybrid' });
    const c = compareReports(a, b, { ...of, metrics: ['recall@5'] });
    expect(c.rows.map((r) => [r.method, r.other, r.isDefault])).toEqual([
      ['bm25', 'bm25', false],
      ['naive+hybrid', 'naive+hybrid', false],
      ['p-rag+hybrid+2hop', 'cap-rag+hybrid', true],
    ]);
    expect(c.rows[2]).toMatchObject({ won: 2, lost: 0 });
    expect(compareReports(a, b, { ...of, method: 'default' }).rows.map((r) => r.other)).toEqual(['cap-rag+hybrid', 'cap-rag+hybrid']);
    const table = comparisonTable(compareReports(a, b, { ...of, method: 'default', metrics: ['recall@5'] }));
    expect(table).toContain('a.json minus b.json');
    expect(table).toContain('| default: p-rag+hybrid+2hop vs cap-rag+hybrid | Recall@5 | 2 | 2 | 0 | 0 | +100.00 | [+100.00, +100.00] | better |');
  });

  it('compares two methods of one run', () => {
    const a = handMadeReport({ methods: { 'naive+hybrid': [1, 0.5, 0], 'p-rag+hybrid+2hop': [0.5, 0.5, 0.5] }, defaultMethod: 'p-rag+hybrid+2hop' });
    const c = compareReports(a, a, { of: 'a.json', against: 'a.json', method: 'naive+hybrid', versus: 'default', metrics: ['recall@5'] });
    expect(c.rows).toHaveLength(1);
    expect(c.rows[0]).toMatchObject({ method: 'naive+hybrid', other: 'p-rag+hybrid+2hop', won: 1, lost: 1, tied: 1 });
    expect(comparisonTable(c)).toContain('| naive+hybrid vs p-rag+hybrid+2hop | Recall@5 |');
  });
});

describe('refusals', () => {
  const a = handMadeReport({ methods: { x: [1, 0] }, defaultMethod: 'x' });
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(ComparisonError);
      return (error as Error).message;
    }
    throw new Error('not refused');
  };

  it('refuses a file that is not a loci eval result, naming it', () => {
    expect(refusal(() => parseEvalReport('bench.json', '{"benchmark": "core", "query": []}'))).toBe('bench.json: not a `loci eval --json` result (no "tool": "loci eval")');
    expect(refusal(() => parseEvalReport('half.json', '{"tool": "loci eval"}'))).toMatch(/^half\.json: a `loci eval` result without its configuration/);
    expect(refusal(() => parseEvalReport('broken.json', '{"tool": '))).toMatch(/^broken\.json: not valid JSON/);
    // a committed summary has no per-question results: the refusal says where the full run is
    expect(refusal(() => parseEvalReport('docs/results/json/r.json', '{"tool": "loci eval summary", "methods": []}'))).toMatch(/^docs\/results\/json\/r\.json: a run's summary, .*eval-runs\//);
  });

  it('finds a run by name in the runs folder, the path itself first', async () => {
    const runs = await mkdtemp(path.join(tmpdir(), 'loci-runs-'));
    try {
      await writeFile(path.join(runs, 'rgb-dev-e.json'), '{}');
      expect(await resolveRunFile('rgb-dev-e', runs)).toBe(path.join(runs, 'rgb-dev-e.json'));
      expect(await resolveRunFile('rgb-dev-e.json', runs)).toBe(path.join(runs, 'rgb-dev-e.json'));
      expect(await resolveRunFile(path.join(runs, 'rgb-dev-e.json'), path.join(runs, 'elsewhere'))).toBe(path.join(runs, 'rgb-dev-e.json'));
      // not found anywhere: the name as given, for the error to name it
      expect(await resolveRunFile('missing', runs)).toBe('missing');
    } finally {
      await rm(runs, { recursive: true, force: true });
    }
  });

  it('refuses a run of another dataset or split', () => {
    expect(refusal(() => compareReports(a, handMadeReport({ methods: { x: [1, 0] }, defaultMethod: 'x', dataset: 'rgb' }), of))).toBe(
      'b.json: a run on rgb dev, not hotpotqa dev; only runs of one dataset and split can be compared',
    );
    expect(refusal(() => compareReports(a, handMadeReport({ methods: { x: [1, 0] }, defaultMethod: 'x', split: 'test' }), of))).toMatch(/^b\.json: a run on hotpotqa test, not hotpotqa dev/);
  });

  it('refuses a run that shares no question id', () => {
    expect(refusal(() => compareReports(a, handMadeReport({ methods: { x: [1, 0] }, defaultMethod: 'x', ids: ['other1', 'other2'] }), of))).toBe('b.json: shares no question id with a.json');
  });

  it('refuses a method or metric one run does not have, listing what it has', () => {
    expect(refusal(() => compareReports(a, a, { ...of, method: 'cap-rag' }))).toBe('a.json: no method "cap-rag" (it has x)');
    expect(refusal(() => compareReports(a, a, { ...of, metrics: ['recall@7'] }))).toBe('a.json: no per-question values for "recall@7" (it has recall@5, ndcg@10)');
  });
});
