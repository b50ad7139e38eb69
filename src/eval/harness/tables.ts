/**
 * The markdown tables of a run, in the paper's shape: one row per method (strategy, then its
 * hybrid / rerank variants), columns per metric and k, values in percent.
 */
import { accuracyColumns, markdownTable, retrievalColumns, type ResultRow } from '../report.ts';
import { ANSWER_METRICS, answerKey, freeFormColumns } from './answer-keys.ts';
import { NDCG_K } from './config.ts';
import type { EvalReport, MethodResult } from './types.ts';

type Unrendered = Omit<EvalReport, 'tables'>;

function rows(methods: readonly MethodResult[], pick: (m: MethodResult) => Record<string, number> | undefined): ResultRow[] {
  return methods.flatMap((m) => {
    const values = pick(m);
    return values && Object.keys(values).length > 0 ? [{ method: m.method, values }] : [];
  });
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

  const retrieval = rows(r.methods, (m) => m.retrieval);
  if (retrieval.length > 0) {
    const multiGold = r.questions.some((q) => q.gold > 1);
    tables.retrieval = markdownTable(retrieval, retrievalColumns(config.ks, { allGold: multiGold, ndcgK: NDCG_K }), {
      caption:
        `Retrieval, ${title}: ${dataset.withGold} questions with gold evidence, ${dataset.documents} documents ` +
        `(${r.index.chunks} chunks, ${r.index.clusters} clusters); ${models(r)}; N = ${config.n} chunks; metrics at k on the first k by rank; %.`,
    });
  }

  const choice = r.methods.some((m) => Object.keys(m.answers).some((k) => k.startsWith('accuracy@')));
  if (choice) {
    const caption = (subset: string, count: number) => `Answer accuracy, ${title}${subset}: ${count} questions, Top-k chunks in the context; ${models(r)}; %.`;
    tables.accuracy = markdownTable(rows(r.methods, (m) => m.answers), accuracyColumns(config.answerKs), {
      caption: caption('', r.methods[0]?.counts.answered ?? 0),
    });
    const hard = rows(r.methods, (m) => m.hardAnswers);
    if (hard.length > 0) {
      tables.accuracyHard = markdownTable(hard, accuracyColumns(config.answerKs), { caption: caption(' (hard)', r.methods[0]?.counts.hard ?? 0) });
    }
  } else {
    const answers = rows(r.methods, (m) => m.answers);
    if (answers.length > 0) {
      // the not-found rate stays in the JSON: "best" would mean nothing for it
      const present = ANSWER_METRICS.filter((metric) => metric !== 'notFound').filter((metric) => answers.some((row) => config.answerKs.some((k) => row.values[answerKey(metric, k)] !== undefined)));
      tables.answers = markdownTable(answers, freeFormColumns(config.answerKs, present), {
        caption: `Answers, ${title}: ${r.methods[0]?.counts.answered ?? 0} questions, Top-k chunks in the context; ${models(r)}; %.`,
      });
    }
  }
  return tables;
}
