/** What `npm run bench:breadth` writes, and its table (printed by the bench, and drawn by `npm run docs:results`). */

/** Chunks packed, and the document's top-level sections they come from. */
export interface Coverage {
  chunks: number;
  sections: number;
}

export interface BreadthRow {
  document: string;
  chunks: number;
  sections: number;
  clusters: number;
  indexMs: number;
  /** The first whole-document question: its clusters made, then the breadth route. */
  breadthMs: number;
  route: 'breadth' | 'search';
  /** By token budget: the breadth route's packed sources, and plain top-k's. */
  budgets: Record<number, { breadth: Coverage; topK: Coverage }>;
}

export interface BreadthReport {
  tool: 'bench:breadth';
  startedAt: string;
  node: string;
  embedder: string;
  budgets: number[];
  rows: BreadthRow[];
}

/** Mean share of each document's sections the packed sources come from, at a budget. */
export function meanShare(report: BreadthReport, pick: 'breadth' | 'topK', budget: number): number {
  return report.rows.reduce((s, r) => s + r.budgets[budget][pick].sections / Math.max(1, r.sections), 0) / Math.max(1, report.rows.length);
}

export function breadthTable(report: BreadthReport): string {
  const heads = report.budgets.flatMap((b) => [`breadth @${b}t`, `top-k @${b}t`]);
  const lines = [
    `| Document | Chunks | Sections | Clusters | First question (ms) | ${heads.join(' | ')} |`,
    `|---|---:|---:|---:|---:|${heads.map(() => '---:').join('|')}|`,
    ...report.rows.map((r) => `| ${r.document} | ${r.chunks} | ${r.sections} | ${r.clusters} | ${r.breadthMs} | ${report.budgets.flatMap((b) => [r.budgets[b].breadth.sections, r.budgets[b].topK.sections]).join(' | ')} |`),
    `| mean share | | | | | ${report.budgets.flatMap((b) => [meanShare(report, 'breadth', b), meanShare(report, 'topK', b)].map((x) => `${(100 * x).toFixed(1)} %`)).join(' | ')} |`,
  ];
  return lines.join('\n');
}
