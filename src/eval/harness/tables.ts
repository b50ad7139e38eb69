/**
 * The markdown tables of a run, in the paper's shape: the bm25 and dense baselines first, then one
 * row per method (strategy, then its retriever / backtracking / hops / rerank variants), columns
 * per metric and k, values in percent; the app's default configuration is marked. Retrieval comes
 * as three tables: at k chunks, within token budgets, and the difference from the best baseline;
 * a fourth gives the headline metrics' 95 % intervals.
 */
import {
  accuracyColumns,
  allGoldKey,
  budgetColumns,
  budgetRecallKey,
  formatPointsDelta,
  markdownTable,
  ndcgKey,
  recallKey,
  retrievalColumns,
  sortRows,
  type Column,
  type ResultRow,
} from '../report.ts';
import { ANSWER_METRICS, answerKey, freeFormColumns } from './answer-keys.ts';
import { BASELINES, NDCG_K } from './config.ts';
import { headlineK, headlineMetrics } from './headline.ts';
import { intervalCaption, intervalColumns, intervalValues } from './interval-table.ts';
import { libraryTable } from './library-table.ts';
import type { EvalSummary } from './summary.ts';
import type { MethodResult } from './types.ts';

/** What the tables read: a run's summary, which a fresh run and a committed page share. */
type Unrendered = Omit<EvalSummary, 'tool'>;

export const DEFAULT_MARK = ' (default)';

/** A method's row label: its label, marked when it is the app's default configuration. */
export function rowLabel(m: Pick<MethodResult, 'method' | 'isDefault'>): string {
  return m.isDefault ? `${m.method}${DEFAULT_MARK}` : m.method;
}

/** Rows with values: the baselines first (bm25, dense), then the methods in the paper's order. */
function rows(methods: readonly MethodResult[], pick: (m: MethodResult) => Record<string, number> | undefined): ResultRow[] {
  const present = methods.flatMap((m) => {
    const values = pick(m);
    return values && Object.keys(values).length > 0 ? [{ m, row: { method: m.method, values } }] : [];
  });
  const byLabel = new Map(present.map(({ m }) => [m.method, m]));
  const place = (label: string) => BASELINES.findIndex((b) => b.label === label);
  const baselines = present
    .filter(({ m }) => m.baseline)
    .map(({ row }) => row)
    .sort((a, b) => place(a.method) - place(b.method));
  const others = sortRows(present.filter(({ m }) => !m.baseline).map(({ row }) => row));
  return [...baselines, ...others].map((row) => ({ ...row, method: rowLabel(byLabel.get(row.method) as MethodResult) }));
}

export { headlineK } from './headline.ts';

/** What the run's hybrid searches weighed the dense list at, for a caption; '' when none ran. */
export function fusionNote(fusion: Unrendered['fusion']): string {
  if (fusion.length === 0) return '';
  const known = fusion.flatMap((f) => (f.weight ? [f.weight] : []));
  if (known.length === 0) return '; hybrid fusion weight not reported';
  const sources = [...new Set(known.map((w) => w.source))].join(', ');
  if (fusion.length === 1) return `; hybrid: dense weight ${known[0].dense.toFixed(2)} (${sources})`;
  const mean = known.reduce((sum, w) => sum + w.dense, 0) / known.length;
  return `; hybrid: dense weight ${mean.toFixed(2)} on average over ${known.length} of ${fusion.length} indexes (${sources})`;
}

function models(r: Unrendered): string {
  const c = r.config;
  return [`embedder ${c.embedder}`, c.llm ? `LLM ${c.llm}` : '', c.reranker ? `reranker ${c.reranker}` : '', `pre-parse ${c.index.preparse.mode}`]
    .filter(Boolean)
    .join(', ');
}

export function reportTables(r: Unrendered): Record<string, string> {
  const tables: Record<string, string> = {};
  const { config, dataset } = r;
  const title = `${dataset.name} ${dataset.split}`;

  const defaultRow = r.methods.find((m) => m.isDefault);
  const notes = [
    'bm25 and dense: baselines (naive chunks, one hop, BM25 alone or dense alone, named documents not searched apart) over the same index.',
    ...(defaultRow ? [`${rowLabel(defaultRow)}: the configuration the app answers with (DEFAULT_RETRIEVAL; the app asks for fewer chunks, and so fewer candidates M = 20·N).`] : []),
  ];
  const retrieval = rows(r.methods, (m) => m.retrieval);
  if (retrieval.length > 0) {
    const { multiGold } = r;
    const kColumns = retrievalColumns(config.ks, { allGold: multiGold, ndcgK: NDCG_K });
    tables.retrieval = markdownTable(retrieval, kColumns, {
      caption:
        `Retrieval, ${title}: ${dataset.withGold} questions with gold evidence, ${dataset.documents} documents ` +
        `(${r.index.chunks} chunks, ${r.index.clusters} clusters); ${models(r)}; N = ${config.n} chunks, M = ${config.m}` +
        `${config.denseWeight !== undefined ? `; dense weight forced to ${config.denseWeight}` : fusionNote(r.fusion)}; metrics at k on the first k by rank; %.`,
      sort: false,
      notes,
    });

    const budgets = config.budgets;
    if (budgets.length > 0) {
      const chunks: Column[] = budgets.map((b) => ({
        key: `chunks@${b}t`,
        label: `Chunks@${b}t`,
        format: (v) => (v === undefined || Number.isNaN(v) ? '–' : v.toFixed(1)),
        bold: false,
      }));
      const columns = [...budgetColumns(budgets, { allGold: multiGold }), ...chunks];
      // the budget metrics and the mean chunks packed, for the methods that were packed
      const budgetValues = (m: MethodResult): Record<string, number> | undefined => {
        if (!m.packed) return undefined;
        const values: Record<string, number> = Object.fromEntries(budgets.map((b) => [`chunks@${b}t`, m.packed?.[String(b)]?.mean ?? NaN]));
        for (const c of columns) if (m.retrieval[c.key] !== undefined) values[c.key] = m.retrieval[c.key];
        return values;
      };
      const underfilled = r.methods.reduce((sum, m) => sum + budgets.reduce((s, b) => s + (m.packed?.[String(b)]?.underfilled ?? 0), 0), 0);
      tables.budget = markdownTable(rows(r.methods, budgetValues), columns, {
        caption:
          `Recall at a token budget, ${title} (${models(r)}): the ${config.budgetN} best chunks packed whole, best first, as the engine packs them ` +
          `(a chunk that does not fit is skipped); tokens of the ${config.budgetTokenizer}; Chunks@: mean chunks packed; %.`,
        sort: false,
        notes:
          underfilled > 0
            ? [`${underfilled} question × method × budget cases packed every chunk retrieved: their budget may have held more.`]
            : [],
      });
    }

    const k = headlineK(config.ks);
    const headline: Column[] = [
      { key: recallKey(k), label: `Recall@${k}`, format: formatPointsDelta },
      ...(multiGold ? [{ key: allGoldKey(k), label: `All-gold@${k}`, format: formatPointsDelta }] : []),
      { key: ndcgKey(NDCG_K), label: `nDCG@${NDCG_K}`, format: formatPointsDelta },
      ...budgets.map((b) => ({ key: budgetRecallKey(b), label: `Recall@${b}t`, format: formatPointsDelta })),
    ];
    const deltas = rows(r.methods, (m) => m.deltaVsBestBaseline);
    if (deltas.length > 0) {
      tables.delta = markdownTable(deltas, headline, {
        caption: `Δ vs best baseline, ${title} (${models(r)}): each method minus the better of bm25 and dense on each column, in percentage points.`,
        sort: false,
        boldBest: false,
      });
    }

    const metrics = headlineMetrics(config.ks, multiGold);
    const intervals = rows(r.methods, (m) => intervalValues(m, metrics));
    if (intervals.length > 0) {
      tables.intervals = markdownTable(intervals, intervalColumns(metrics), { caption: intervalCaption(title, models(r), dataset.withGold), sort: false, boldBest: false });
    }

    if (r.libraries && r.libraries.length > 0) tables.libraries = libraryTable(r.libraries, k, `${title} (${models(r)})`);
  }

  const choice = r.methods.some((m) => Object.keys(m.answers).some((k) => k.startsWith('accuracy@')));
  if (choice) {
    const caption = (subset: string, count: number) => `Answer accuracy, ${title}${subset}: ${count} questions, Top-k chunks in the context; ${models(r)}; %.`;
    tables.accuracy = markdownTable(rows(r.methods, (m) => m.answers), accuracyColumns(config.answerKs), {
      caption: caption('', r.methods[0]?.counts.answered ?? 0),
      sort: false,
    });
    const hard = rows(r.methods, (m) => m.hardAnswers);
    if (hard.length > 0) {
      tables.accuracyHard = markdownTable(hard, accuracyColumns(config.answerKs), {
        caption: caption(' (hard)', r.methods[0]?.counts.hard ?? 0),
        sort: false,
      });
    }
  } else {
    const answers = rows(r.methods, (m) => m.answers);
    if (answers.length > 0) {
      // the not-found rate stays in the JSON: "best" would mean nothing for it
      const present = ANSWER_METRICS.filter((metric) => metric !== 'notFound').filter((metric) => answers.some((row) => config.answerKs.some((k) => row.values[answerKey(metric, k)] !== undefined)));
      tables.answers = markdownTable(answers, freeFormColumns(config.answerKs, present), {
        caption: `Answers, ${title}: ${r.methods[0]?.counts.answered ?? 0} questions, Top-k chunks in the context; ${models(r)}; %.`,
        sort: false,
      });
    }
  }
  return tables;
}
