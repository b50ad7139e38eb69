/**
 * Per library (an index of a run split with --libraries, or of a per-group dataset), the hybrid
 * weight the index chose beside the best of the fixed weights the run also tried (--weights), and
 * what the difference costs: a weight calibrated once per library is judged library by library
 * ([record](../../../docs/decisions/2026-12-07-fusion-weight-across-libraries.md)).
 */
import { allGoldKey, formatPointsDelta, markdownTable, recallKey, type Column } from '../report.ts';
import type { EvalReport, LibraryRow, MethodResult, QuestionResult } from './types.ts';

export type { LibraryRow } from './types.ts';

const WEIGHT_SUFFIX = /\+w(\d+(?:\.\d+)?)$/;

/** The hybrid methods run at fixed weights beside their calibrated row, by that row's label. */
function weighedMethods(methods: readonly MethodResult[]): Map<string, { weight: number; method: string }[]> {
  const out = new Map<string, { weight: number; method: string }[]>();
  for (const m of methods) {
    const match = WEIGHT_SUFFIX.exec(m.method);
    if (!match) continue;
    const base = m.method.slice(0, match.index);
    if (!methods.some((other) => other.method === base)) continue;
    out.set(base, [...(out.get(base) ?? []), { weight: Number(match[1]), method: m.method }]);
  }
  return out;
}

function mean(questions: readonly QuestionResult[], method: string, key: string): number {
  const values = questions.flatMap((q) => {
    const v = q.methods[method]?.retrieval?.[key];
    return v === undefined ? [] : [v];
  });
  return values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

/** Rows for every library × hybrid method that ran at fixed weights too; empty when none did. */
export function libraryRows(report: Pick<EvalReport, 'methods' | 'questions' | 'fusion'>, k: number): LibraryRow[] {
  const weighed = weighedMethods(report.methods);
  if (weighed.size === 0) return [];
  const libraries = [...new Set(report.questions.map((q) => q.group ?? 'all'))];
  const rows: LibraryRow[] = [];
  for (const library of libraries) {
    const questions = report.questions.filter((q) => (q.group ?? 'all') === library && q.gold > 0);
    const chosen = report.fusion.find((f) => (f.group ?? 'all') === library)?.weight?.dense ?? NaN;
    for (const [method, fixed] of weighed) {
      const recall = mean(questions, method, recallKey(k));
      let best = { weight: NaN, recall: -Infinity };
      for (const { weight, method: label } of fixed) {
        const r = mean(questions, label, recallKey(k));
        const nearer = Math.abs(weight - chosen) < Math.abs(best.weight - chosen);
        if (r > best.recall + 1e-12 || (Math.abs(r - best.recall) <= 1e-12 && nearer)) best = { weight, recall: r };
      }
      rows.push({
        library,
        method,
        questions: questions.length,
        chosen,
        recall,
        allGold: mean(questions, method, allGoldKey(k)),
        bestWeight: best.weight,
        bestRecall: best.recall,
        cost: best.recall - recall,
      });
    }
  }
  return rows;
}

/** The rows as a markdown table, with the worst cost of each method in a note. */
export function libraryTable(rows: readonly LibraryRow[], k: number, title: string): string {
  const weight = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '–' : v.toFixed(1));
  const columns: Column[] = [
    { key: 'questions', label: 'Questions', format: (v) => String(v ?? '–'), bold: false },
    { key: 'chosen', label: 'Weight chosen', format: weight, bold: false },
    { key: 'recall', label: `Recall@${k}` },
    { key: 'allGold', label: `All-gold@${k}` },
    { key: 'bestWeight', label: 'Best fixed weight', format: weight, bold: false },
    { key: 'bestRecall', label: `Recall@${k} at it` },
    { key: 'cost', label: 'Cost (points)', format: formatPointsDelta, bold: false },
  ];
  const methods = [...new Set(rows.map((r) => r.method))];
  const notes = methods.map((method) => {
    const own = rows.filter((r) => r.method === method);
    const worst = Math.max(...own.map((r) => r.cost));
    return `${method}: the chosen weight costs at most ${formatPointsDelta(worst)} points of Recall@${k} against the best fixed weight, over ${own.length} libraries.`;
  });
  return markdownTable(
    rows.map((r) => ({
      method: `${r.library}: ${r.method}`,
      values: { questions: r.questions, chosen: r.chosen, recall: r.recall, allGold: r.allGold, bestWeight: r.bestWeight, bestRecall: r.bestRecall, cost: r.cost },
    })),
    columns,
    { caption: `The weight each library chose, ${title}: against the best of the fixed weights run beside it; cost = best − chosen, in points.`, methodHeader: 'Library: method', sort: false, boldBest: false, notes },
  );
}
