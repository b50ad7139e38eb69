/**
 * Results as a markdown table in the paper's shape (Table 3): one row per method, one column per
 * metric and k, values in percent with two decimals, the best of each column in bold.
 */
import { STRATEGIES, type Retriever, type Strategy } from '../core/types.ts';

export interface Column {
  /** Key into a row's values. */
  key: string;
  label: string;
}

export interface ResultRow {
  method: string;
  /** Fractions in [0, 1]; a missing or NaN value prints as "–". */
  values: Readonly<Record<string, number | undefined>>;
}

/** 0.3284 → "32.84" (percent, two decimals, as the paper prints); missing → "–". */
export function formatPercent(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return '–';
  return (value * 100).toFixed(2);
}

/** Row label of a strategy run: "cap-rag" (dense), "cap-rag+hybrid", "naive+lexical", "naive+hybrid+rerank". */
export function methodLabel(strategy: Strategy, options: { retriever?: Retriever; rerank?: boolean } = {}): string {
  const retriever = options.retriever && options.retriever !== 'dense' ? `+${options.retriever}` : '';
  return `${strategy}${retriever}${options.rerank ? '+rerank' : ''}`;
}

/** Rows in the paper's order (naive, c-rag, p-rag, cap-rag, raptor), each followed by its variants. */
export function sortRows(rows: readonly ResultRow[]): ResultRow[] {
  const rank = (method: string) => {
    const base = method.split('+')[0];
    const i = STRATEGIES.indexOf(base as Strategy);
    return i === -1 ? STRATEGIES.length : i;
  };
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => rank(a.row.method) - rank(b.row.method) || a.row.method.split('+').length - b.row.method.split('+').length || a.i - b.i)
    .map(({ row }) => row);
}

export function recallKey(k: number): string {
  return `recall@${k}`;
}
export function allGoldKey(k: number): string {
  return `allGold@${k}`;
}
export function ndcgKey(k: number): string {
  return `ndcg@${k}`;
}
export const MRR_KEY = 'mrr';
export function accuracyKey(k: number): string {
  return `accuracy@${k}`;
}

/** Recall@k for each k, then all-gold@k (multi-hop datasets), MRR and nDCG@10. */
export function retrievalColumns(ks: readonly number[], options: { allGold?: boolean; ndcgK?: number } = {}): Column[] {
  return [
    ...ks.map((k) => ({ key: recallKey(k), label: `Recall@${k}` })),
    ...(options.allGold ? ks.map((k) => ({ key: allGoldKey(k), label: `All-gold@${k}` })) : []),
    { key: MRR_KEY, label: 'MRR' },
    { key: ndcgKey(options.ndcgK ?? 10), label: `nDCG@${options.ndcgK ?? 10}` },
  ];
}

/** Answer accuracy with the top k chunks in the context: the paper's Top1 / Top2 / Top5. */
export function accuracyColumns(ks: readonly number[]): Column[] {
  return ks.map((k) => ({ key: accuracyKey(k), label: `Top${k}` }));
}

export function markdownTable(
  rows: readonly ResultRow[],
  columns: readonly Column[],
  options: { caption?: string; boldBest?: boolean; methodHeader?: string } = {},
): string {
  const ordered = sortRows(rows);
  const cells = ordered.map((row) => columns.map((c) => formatPercent(row.values[c.key])));
  if ((options.boldBest ?? true) && ordered.length > 1) {
    columns.forEach((_, j) => {
      const numbers = cells.map((r) => Number(r[j])).filter((v) => !Number.isNaN(v));
      if (numbers.length === 0) return;
      const best = Math.max(...numbers);
      for (const r of cells) if (Number(r[j]) === best) r[j] = `**${r[j]}**`;
    });
  }
  const lines = [
    `| ${[options.methodHeader ?? 'Method', ...columns.map((c) => c.label)].join(' | ')} |`,
    `|${['---', ...columns.map(() => '---:')].join('|')}|`,
    ...ordered.map((row, i) => `| ${[row.method, ...cells[i]].join(' | ')} |`),
  ];
  return `${options.caption ? `${options.caption}\n\n` : ''}${lines.join('\n')}\n`;
}
