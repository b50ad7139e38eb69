/**
 * Results as a markdown table in the paper's shape (Table 3): one row per method, one column per
 * metric and k, values in percent with two decimals, the best of each column in bold.
 */
import { STRATEGIES, type BacktrackMode, type Retriever, type Strategy } from '../core/types.ts';

export interface Column {
  /** Key into a row's values. */
  key: string;
  label: string;
  /** How a value prints; percent with two decimals by default. */
  format?: (value: number | undefined) => string;
  /** Whether the column's best value is bold (when the table bolds); default true. */
  bold?: boolean;
  /** How a cell prints from the whole row, for a cell that shows more than one value (a mean and its interval). */
  cell?: (values: ResultRow['values']) => string;
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

/** A signed difference in percentage points: 0.0333 → "+3.33", -0.05 → "-5.00"; missing → "–". */
export function formatPointsDelta(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return '–';
  const points = (value * 100).toFixed(2);
  // -0.001 rounds to "-0.00": no change is no change
  if (Number(points) === 0) return '0.00';
  return value > 0 ? `+${points}` : points;
}

/**
 * Row label of a method: "cap-rag" (dense), "cap-rag+hybrid", "naive+lexical",
 * "cap-rag+hybrid+paper", "naive+hybrid+2hop", "naive+hybrid+rerank". Backtracking and hops are
 * named only when not the usual value (ranked, one hop).
 */
export function methodLabel(
  strategy: Strategy,
  options: { retriever?: Retriever; backtrack?: BacktrackMode; hops?: 1 | 2; rerank?: boolean; named?: boolean } = {},
): string {
  const retriever = options.retriever && options.retriever !== 'dense' ? `+${options.retriever}` : '';
  const backtrack = options.backtrack && options.backtrack !== 'ranked' ? `+${options.backtrack}` : '';
  const hops = options.hops && options.hops !== 1 ? `+${options.hops}hop` : '';
  // named documents are searched apart unless said otherwise (the app's way)
  const unnamed = options.named === false ? '+unnamed' : '';
  return `${strategy}${retriever}${backtrack}${hops}${unnamed}${options.rerank ? '+rerank' : ''}`;
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
/** Recall within a context of `tokens` tokens packed from the retrieved chunks, best first. */
export function budgetRecallKey(tokens: number): string {
  return `recall@${tokens}t`;
}
export function budgetAllGoldKey(tokens: number): string {
  return `allGold@${tokens}t`;
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

/** Recall within each token budget, then all-gold within each (multi-hop datasets). */
export function budgetColumns(budgets: readonly number[], options: { allGold?: boolean } = {}): Column[] {
  return [
    ...budgets.map((b) => ({ key: budgetRecallKey(b), label: `Recall@${b}t` })),
    ...(options.allGold ? budgets.map((b) => ({ key: budgetAllGoldKey(b), label: `All-gold@${b}t` })) : []),
  ];
}

/** Answer accuracy with the top k chunks in the context: the paper's Top1 / Top2 / Top5. */
export function accuracyColumns(ks: readonly number[]): Column[] {
  return ks.map((k) => ({ key: accuracyKey(k), label: `Top${k}` }));
}

export function markdownTable(
  rows: readonly ResultRow[],
  columns: readonly Column[],
  options: {
    caption?: string;
    boldBest?: boolean;
    methodHeader?: string;
    /** Rows in the paper's order (sortRows), or as given. */
    sort?: boolean;
    /** Lines after the table (footnotes). */
    notes?: readonly string[];
  } = {},
): string {
  const ordered = (options.sort ?? true) ? sortRows(rows) : [...rows];
  const cells = ordered.map((row) => columns.map((c) => (c.cell ? c.cell(row.values) : (c.format ?? formatPercent)(row.values[c.key]))));
  if ((options.boldBest ?? true) && ordered.length > 1) {
    columns.forEach((column, j) => {
      if (column.bold === false) return;
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
  const notes = options.notes?.length ? `\n${options.notes.join('\n')}\n` : '';
  return `${options.caption ? `${options.caption}\n\n` : ''}${lines.join('\n')}\n${notes}`;
}
