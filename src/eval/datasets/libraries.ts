/**
 * One pooled dataset seen as several libraries: what an index decides once for itself (its fusion
 * weight) varies between libraries, not between the questions of one, so a choice is judged on
 * several ([record](../../../docs/decisions/2026-12-07-fusion-weight-across-libraries.md)).
 *
 * The questions are cut into `count` runs of consecutive questions, and each library holds only
 * its questions' documents: their gold documents, and every other document placed with the
 * question whose gold documents lie nearest to it in the corpus. HotpotQA's corpus lists each
 * question's paragraphs together (its gold paragraphs among its distractors), so a library is
 * those questions' paragraphs, as a person's library is the documents they asked about.
 */
import type { EvalDataset, EvalDocument, EvalQuestion, GoldEvidence } from './types.ts';

export class LibrarySplitError extends Error {
  override name = 'LibrarySplitError';
}

/** The library name of group `i` (0-based): "library 1", "library 2", … */
export function libraryName(i: number): string {
  return `library ${i + 1}`;
}

/** The dataset as `count` libraries: each question and document in the group of its library. */
export function asLibraries(dataset: EvalDataset, count: number): EvalDataset {
  if (!dataset.pooled) throw new LibrarySplitError(`${dataset.name} is indexed per document group already; --libraries splits a pooled corpus`);
  if (!Number.isInteger(count) || count < 2) throw new LibrarySplitError(`--libraries must be a whole number of at least 2 (got ${count})`);
  if (dataset.questions.length < count) throw new LibrarySplitError(`${dataset.name} ${dataset.split} has ${dataset.questions.length} questions: too few for ${count} libraries`);

  const position = new Map(dataset.documents.map((d, i) => [d, i]));
  const libraryOfQuestion = (q: number) => Math.floor((q * count) / dataset.questions.length);
  const gold = dataset.questions.map((q) => goldDocuments(q.gold, dataset.documents));
  const unplaced = gold.findIndex((docs) => docs.length === 0);
  if (unplaced >= 0) throw new LibrarySplitError(`question ${dataset.questions[unplaced].id} names no gold document, so it cannot be placed in a library`);

  // every question's place in the corpus: the mean position of its gold documents
  const anchors = gold.map((docs, q) => ({ at: docs.reduce((s, d) => s + (position.get(d) as number), 0) / docs.length, library: libraryOfQuestion(q) }));
  anchors.sort((a, b) => a.at - b.at);
  const goldLibraries = new Map<EvalDocument, Set<number>>();
  gold.forEach((docs, q) => docs.forEach((d) => goldLibraries.set(d, (goldLibraries.get(d) ?? new Set()).add(libraryOfQuestion(q)))));

  const documents: EvalDocument[] = [];
  let a = 0;
  dataset.documents.forEach((doc, i) => {
    while (a + 1 < anchors.length && Math.abs(anchors[a + 1].at - i) <= Math.abs(anchors[a].at - i)) a++;
    // a gold document goes to every library that asks about it; any other, to its nearest question's
    const libraries = goldLibraries.get(doc) ?? new Set([anchors[a].library]);
    for (const library of libraries) documents.push({ ...doc, group: libraryName(library) });
  });
  const questions: EvalQuestion[] = dataset.questions.map((q, i) => ({ ...q, group: libraryName(libraryOfQuestion(i)) }));
  return { ...dataset, pooled: false, clusterScope: dataset.clusterScope ?? 'corpus', documents, questions };
}

/** The documents a question's gold evidence names (titles, pages' documents, qrels' ids, passages' texts). */
function goldDocuments(gold: GoldEvidence | undefined, documents: readonly EvalDocument[]): EvalDocument[] {
  if (!gold) return [];
  const named = (test: (d: EvalDocument) => boolean) => documents.filter(test);
  switch (gold.type) {
    case 'titles':
      return named((d) => gold.titles.includes(d.title));
    case 'pages': {
      const names = new Set(gold.items.map((item) => item.doc));
      return named((d) => names.has(d.id) || names.has(d.name));
    }
    case 'qrels':
      return named((d) => d.id in gold.grades);
    case 'passages': {
      const texts = new Set(gold.texts);
      return named((d) => d.text !== undefined && texts.has(d.text));
    }
  }
}
