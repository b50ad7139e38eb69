/**
 * HotpotQA (distractor sample): the corpus paragraphs are the documents, one per Wikipedia title;
 * a question's gold evidence is its two gold titles (multi-hop: both are needed). Each paragraph
 * is a Markdown document under its title, so the title is part of the chunk's heading path, as a
 * Wikipedia reader sees it.
 */
import path from 'node:path';
import type { EvalDataset, EvalDocument, EvalQuestion } from './types.ts';
import { readJsonl } from './records.ts';

export async function loadHotpotqa(folder: string, split: string): Promise<EvalDataset> {
  const corpusFile = path.join(folder, 'corpus.jsonl');
  const documents: EvalDocument[] = [];
  const titles = new Set<string>();
  for (const row of await readJsonl(corpusFile)) {
    const title = row.string('title');
    if (titles.has(title)) row.fail(`duplicate title "${title}" (titles are the gold evidence, so they must be unique)`);
    titles.add(title);
    documents.push({ id: title, name: `hotpotqa-${documents.length}.md`, title, text: `# ${title}\n\n${row.string('text')}` });
  }

  const questions: EvalQuestion[] = [];
  for (const row of await readJsonl(path.join(folder, `${split}_questions.jsonl`))) {
    const goldTitles = row.strings('gold_titles');
    for (const t of goldTitles) if (!titles.has(t)) row.fail(`gold title "${t}" is not in ${corpusFile}`);
    questions.push({
      id: row.id('id'),
      question: row.string('question'),
      lang: 'en',
      answers: [row.string('answer')],
      gold: { type: 'titles', titles: goldTitles },
    });
  }
  return { name: 'hotpotqa', split, pooled: true, documents, questions };
}
