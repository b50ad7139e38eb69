/**
 * RGB: each question ships its positive and negative passages; all of them, over all questions and
 * files of the split, are pooled into one deduplicated corpus, one document per passage, so
 * retrieval has to find the positives among every other question's passages too.
 *
 * Files: `<lang>_<subset>_<split>.jsonl` (zh_refine_dev, zh_int_dev, …). In the `int` subset the
 * positives come grouped by the fact they state and the answer has one part per fact.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { EvalDataset, EvalDocument, EvalQuestion } from './types.ts';
import { DataError, readJsonl, type Row } from './records.ts';

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/** The split's files, sorted, with their language and subset names. */
export async function rgbFiles(folder: string, split: string): Promise<{ file: string; lang: 'zh' | 'en'; subset: string }[]> {
  const pattern = new RegExp(`^(zh|en)_(.+)_${escapeRegExp(split)}\\.jsonl$`, 'u');
  const out: { file: string; lang: 'zh' | 'en'; subset: string }[] = [];
  for (const name of (await readdir(folder)).sort()) {
    const m = pattern.exec(name);
    if (m) out.push({ file: path.join(folder, name), lang: m[1] as 'zh' | 'en', subset: `${m[1]}_${m[2]}` });
  }
  return out;
}

/** Answer parts: a string is one required part, an array is one part with alternatives. */
function answerParts(row: Row): string[][] {
  const raw = row.raw('answer');
  const list = Array.isArray(raw) ? raw : [raw];
  const parts = list.map((part, i) => {
    const alternatives = Array.isArray(part) ? part : [part];
    if (alternatives.length === 0 || !alternatives.every((a) => typeof a === 'string')) {
      row.fail(`answer[${i}] must be a string or an array of strings`);
    }
    return alternatives as string[];
  });
  if (parts.length === 0) row.fail('answer is empty');
  return parts;
}

/** Positive passages with the gold id each counts for. */
function positives(row: Row): { texts: string[]; ids: string[] } {
  const raw = row.raw('positive');
  if (!Array.isArray(raw) || raw.length === 0) row.fail('positive must be a non-empty array');
  const grouped = raw.every((p) => Array.isArray(p));
  if (!grouped && !raw.every((p) => typeof p === 'string')) {
    row.fail('positive must hold strings, or arrays of strings (one array per fact)');
  }
  const texts: string[] = [];
  const ids: string[] = [];
  raw.forEach((p: unknown, i) => {
    const group = grouped ? (p as unknown[]) : [p];
    for (const text of group) {
      if (typeof text !== 'string') row.fail(`positive[${i}] must hold strings`);
      texts.push(text);
      ids.push(grouped ? `fact${i}` : `p${texts.length - 1}`);
    }
  });
  return { texts, ids };
}

export async function loadRgb(folder: string, split: string): Promise<EvalDataset> {
  const files = await rgbFiles(folder, split);
  if (files.length === 0) throw new DataError(folder, undefined, `no RGB file for split "${split}" (expected zh_<subset>_${split}.jsonl)`);

  const documents: EvalDocument[] = [];
  const byText = new Map<string, string>();
  const pool = (text: string) => {
    if (!byText.has(text)) {
      const id = `rgb-${documents.length}`;
      byText.set(text, id);
      documents.push({ id, name: `${id}.txt`, title: '', text });
    }
  };

  const questions: EvalQuestion[] = [];
  for (const { file, lang, subset } of files) {
    for (const row of await readJsonl(file)) {
      const parts = answerParts(row);
      const gold = positives(row);
      gold.texts.forEach(pool);
      row.strings('negative').forEach(pool);
      questions.push({
        id: `${subset}-${row.id('id')}`,
        question: row.string('query'),
        lang,
        // exact match / F1 need one string: a multi-part answer is its parts in order
        answers: parts.length === 1 ? parts[0] : [parts.map((p) => p[0]).join(lang === 'zh' ? '，' : ', ')],
        answerParts: parts,
        gold: { type: 'passages', texts: gold.texts, ids: gold.ids },
      });
    }
  }
  return { name: 'rgb', split, pooled: true, documents, questions };
}
