import { describe, expect, it } from 'vitest';
import {
  accuracyColumns,
  budgetColumns,
  formatPercent,
  formatPointsDelta,
  markdownTable,
  methodLabel,
  retrievalColumns,
  sortRows,
} from '../../src/eval/report.ts';

describe('formatPercent', () => {
  it('percent with two decimals, like the paper', () => {
    expect(formatPercent(0.3284)).toBe('32.84');
    expect(formatPercent(0.5)).toBe('50.00');
    expect(formatPercent(1)).toBe('100.00');
    expect(formatPercent(2 / 3)).toBe('66.67');
  });
  it('missing values are a dash, not 0', () => {
    expect(formatPercent(NaN)).toBe('–');
    expect(formatPercent(undefined)).toBe('–');
  });
});

describe('formatPointsDelta', () => {
  it('signed percentage points, no sign on no change', () => {
    expect(formatPointsDelta(0.0333)).toBe('+3.33');
    expect(formatPointsDelta(-0.05)).toBe('-5.00');
    expect(formatPointsDelta(0)).toBe('0.00');
    expect(formatPointsDelta(-0.00001)).toBe('0.00');
    expect(formatPointsDelta(NaN)).toBe('–');
  });
});

describe('methodLabel', () => {
  it('names the retriever, then backtracking and hops only when not ranked / one hop, then rerank', () => {
    expect(methodLabel('cap-rag')).toBe('cap-rag');
    expect(methodLabel('cap-rag', { retriever: 'dense', backtrack: 'ranked', hops: 1 })).toBe('cap-rag');
    expect(methodLabel('cap-rag', { retriever: 'hybrid', backtrack: 'paper' })).toBe('cap-rag+hybrid+paper');
    expect(methodLabel('naive', { retriever: 'hybrid', hops: 2 })).toBe('naive+hybrid+2hop');
    expect(methodLabel('c-rag', { retriever: 'lexical', backtrack: 'paper', hops: 2, rerank: true })).toBe('c-rag+lexical+paper+2hop+rerank');
    expect(methodLabel('p-rag', { retriever: 'hybrid', hops: 2, named: false })).toBe('p-rag+hybrid+2hop+unnamed');
    expect(methodLabel('p-rag', { retriever: 'hybrid', named: true })).toBe('p-rag+hybrid');
  });
});

describe('markdownTable', () => {
  it('keeps the given order, formats per column, bolds only boldable columns, adds notes', () => {
    const rows = [
      { method: 'bm25', values: { a: 0.5, n: 3 } },
      { method: 'naive', values: { a: 0.25, n: 4 } },
    ];
    const columns = [
      { key: 'a', label: 'A' },
      { key: 'n', label: 'N', format: (v: number | undefined) => String(v), bold: false },
    ];
    expect(markdownTable(rows, columns, { sort: false, notes: ['note one'] })).toBe(
      ['| Method | A | N |', '|---|---:|---:|', '| bm25 | **50.00** | 3 |', '| naive | 25.00 | 4 |', '', 'note one', ''].join('\n'),
    );
    // sorted by default: the unknown bm25 goes last
    expect(markdownTable(rows, columns).split('\n')[2]).toBe('| naive | 25.00 | 4 |');
  });

  it('budget columns: recall at each budget, then all-gold', () => {
    expect(budgetColumns([512, 1024], { allGold: true }).map((c) => c.key)).toEqual(['recall@512t', 'recall@1024t', 'allGold@512t', 'allGold@1024t']);
    expect(budgetColumns([512]).map((c) => c.label)).toEqual(['Recall@512t']);
  });

  it('reproduces the paper’s ablation table (accuracy %, Top1/2/5, best in bold)', () => {
    const rows = [
      { method: 'cap-rag', values: { 'accuracy@1': 0.411, 'accuracy@2': 0.4816, 'accuracy@5': 0.5545 } },
      { method: 'naive', values: { 'accuracy@1': 0.3284, 'accuracy@2': 0.4166, 'accuracy@5': 0.5268 } },
      { method: 'p-rag', values: { 'accuracy@1': 0.3642, 'accuracy@2': 0.4312, 'accuracy@5': 0.5478 } },
      { method: 'c-rag', values: { 'accuracy@1': 0.382, 'accuracy@2': 0.476, 'accuracy@5': 0.5525 } },
    ];
    expect(markdownTable(rows, accuracyColumns([1, 2, 5]), { caption: 'QuALITY accuracy, %' })).toBe(
      [
        'QuALITY accuracy, %',
        '',
        '| Method | Top1 | Top2 | Top5 |',
        '|---|---:|---:|---:|',
        '| naive | 32.84 | 41.66 | 52.68 |',
        '| c-rag | 38.20 | 47.60 | 55.25 |',
        '| p-rag | 36.42 | 43.12 | 54.78 |',
        '| cap-rag | **41.10** | **48.16** | **55.45** |',
        '',
      ].join('\n'),
    );
  });

  it('retrieval columns, +hybrid rows after their strategy, ties both bold, missing as a dash', () => {
    const rows = [
      { method: 'raptor', values: { 'recall@1': 0.25, 'recall@5': 0.5, mrr: 0.4, 'ndcg@10': 0.3 } },
      { method: methodLabel('naive', { retriever: 'hybrid' }), values: { 'recall@1': 0.5, 'recall@5': 0.75, mrr: 0.6, 'ndcg@10': NaN } },
      { method: 'naive', values: { 'recall@1': 0.5, 'recall@5': 0.5, mrr: 0.55 } },
    ];
    expect(markdownTable(rows, retrievalColumns([1, 5]))).toBe(
      [
        '| Method | Recall@1 | Recall@5 | MRR | nDCG@10 |',
        '|---|---:|---:|---:|---:|',
        '| naive | **50.00** | 50.00 | 55.00 | – |',
        '| naive+hybrid | **50.00** | **75.00** | **60.00** | – |',
        '| raptor | 25.00 | 50.00 | 40.00 | **30.00** |',
        '',
      ].join('\n'),
    );
  });

  it('all-gold columns follow recall', () => {
    expect(retrievalColumns([2], { allGold: true }).map((c) => c.label)).toEqual(['Recall@2', 'All-gold@2', 'MRR', 'nDCG@10']);
  });
});

describe('sortRows', () => {
  it('paper order, variants after their base, unknown methods last', () => {
    const methods = ['bm25', 'cap-rag+hybrid', 'raptor', 'cap-rag', 'naive+hybrid+rerank', 'naive+hybrid', 'naive', 'c-rag', 'p-rag'];
    expect(sortRows(methods.map((method) => ({ method, values: {} }))).map((r) => r.method)).toEqual([
      'naive',
      'naive+hybrid',
      'naive+hybrid+rerank',
      'c-rag',
      'p-rag',
      'cap-rag',
      'cap-rag+hybrid',
      'raptor',
      'bm25',
    ]);
  });
});
