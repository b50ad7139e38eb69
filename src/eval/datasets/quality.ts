/**
 * QuALITY: long articles with four-way multiple-choice questions, the paper's benchmark. Each
 * article is its own group: a question is answered from its article alone, as in the paper.
 * Articles come as plain text (`article`, L-Eval) or as Gutenberg HTML (`article_html`, the
 * official files); the official files also mark the hard subset.
 */
import path from 'node:path';
import { letterOf } from '../metrics/choice.ts';
import { htmlToText } from './html-text.ts';
import type { EvalDataset, EvalDocument, EvalQuestion } from './types.ts';
import { readJsonl, type Row } from './records.ts';

function articleText(row: Row): string {
  if (row.has('article')) return row.string('article');
  if (row.has('article_html')) return htmlToText(row.string('article_html'));
  return row.fail('needs "article" or "article_html"');
}

/** The hard flag as each source spells it, undefined when the source does not say. */
function hardFlag(q: Row): boolean | undefined {
  if (q.has('hard_by_speed_rule')) return q.boolean('hard_by_speed_rule');
  if (q.has('hard')) return q.boolean('hard');
  if (q.has('difficult')) return q.number('difficult') === 1;
  return undefined;
}

export async function loadQuality(folder: string, split: string): Promise<EvalDataset> {
  const documents: EvalDocument[] = [];
  const questions: EvalQuestion[] = [];
  for (const row of await readJsonl(path.join(folder, `${split}.jsonl`))) {
    const articleId = row.id('article_id');
    if (documents.some((d) => d.id === articleId)) row.fail(`duplicate article_id "${articleId}"`);
    documents.push({
      id: articleId,
      name: `quality-${articleId}.txt`,
      title: row.string('title'),
      text: articleText(row),
      group: articleId,
    });
    for (const q of row.rows('questions')) {
      const options = q.strings('options');
      if (options.length !== 4) q.fail(`question ${q.id('question_id')} has ${options.length} options, expected 4`);
      const label = q.number('gold_label');
      if (!Number.isInteger(label) || label < 1 || label > 4) q.fail(`gold_label must be 1..4, got ${label}`);
      const goldLetter = letterOf(label);
      if (q.has('gold_letter') && q.string('gold_letter') !== goldLetter) {
        q.fail(`gold_letter ${q.string('gold_letter')} disagrees with gold_label ${label}`);
      }
      const hard = hardFlag(q);
      questions.push({
        id: q.id('question_id'),
        question: q.string('question'),
        lang: 'en',
        group: articleId,
        options,
        goldLetter,
        ...(hard === undefined ? {} : { hard }),
      });
    }
  }
  return { name: 'quality', split, pooled: false, documents, questions };
}
