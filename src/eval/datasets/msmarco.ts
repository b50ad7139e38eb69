/**
 * MS MARCO (BEIR layout): corpus passages are the documents; graded relevance comes from the
 * split's qrels. Qrels of queries that are not in the split's query file are ignored (the sample's
 * qrels hold one such line); a qrel naming a passage missing from the corpus is an error, since it
 * would cap recall below 1 without anyone noticing.
 */
import path from 'node:path';
import type { EvalDataset, EvalDocument, EvalQuestion } from './types.ts';
import { DataError, readJsonl, readTsv } from './records.ts';

export async function loadMsmarco(folder: string, split: string): Promise<EvalDataset> {
  const documents: EvalDocument[] = [];
  const ids = new Set<string>();
  for (const row of await readJsonl(path.join(folder, 'corpus.jsonl'))) {
    const id = row.id('_id');
    if (ids.has(id)) row.fail(`duplicate _id "${id}"`);
    ids.add(id);
    documents.push({ id, name: `msmarco-${id}.txt`, title: row.has('title') ? row.string('title') : '', text: row.string('text') });
  }

  const queries = new Map<string, string>();
  for (const row of await readJsonl(path.join(folder, `${split}_queries.jsonl`))) {
    queries.set(row.id('_id'), row.string('text'));
  }

  const qrelsFile = path.join(folder, `${split}_qrels.tsv`);
  const grades = new Map<string, Record<string, number>>();
  for (const { line, cells } of await readTsv(qrelsFile)) {
    if (cells.length < 3) throw new DataError(qrelsFile, line, `expected query-id, corpus-id, score; got ${cells.length} cells`);
    const [queryId, docId, scoreText] = cells.map((c) => c.trim());
    const score = Number(scoreText);
    if (scoreText === '' || !Number.isFinite(score)) {
      if (line === 1) continue; // BEIR header "query-id corpus-id score"
      throw new DataError(qrelsFile, line, `score "${scoreText}" is not a number`);
    }
    if (!queries.has(queryId) || score <= 0) continue;
    if (!ids.has(docId)) throw new DataError(qrelsFile, line, `passage "${docId}" is not in the corpus`);
    const forQuery = grades.get(queryId) ?? {};
    forQuery[docId] = score;
    grades.set(queryId, forQuery);
  }

  const questions: EvalQuestion[] = [...queries].map(([id, question]) => {
    const g = grades.get(id);
    return { id, question, lang: 'en', ...(g ? { gold: { type: 'qrels' as const, grades: g } } : {}) };
  });
  return { name: 'msmarco', split, pooled: true, documents, questions };
}
