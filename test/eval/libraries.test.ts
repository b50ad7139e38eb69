/** A pooled set cut into libraries, and the table of the weight each library chose. */
import { describe, expect, it } from 'vitest';
import { asLibraries, LibrarySplitError } from '../../src/eval/datasets/libraries.ts';
import type { EvalDataset, EvalDocument, EvalQuestion } from '../../src/eval/datasets/types.ts';
import { libraryRows, libraryTable } from '../../src/eval/harness/library-table.ts';
import type { EvalReport, MethodResult, QuestionResult } from '../../src/eval/harness/types.ts';

/** Six questions, each with its own run of four paragraphs (two gold, two distractors), in corpus order. */
function hotpotLike(): EvalDataset {
  const documents: EvalDocument[] = [];
  const questions: EvalQuestion[] = [];
  for (let q = 0; q < 6; q++) {
    const titles = [`q${q} distractor a`, `q${q} gold 1`, `q${q} distractor b`, `q${q} gold 2`];
    for (const title of titles) documents.push({ id: title, name: `${title}.md`, title, text: `# ${title}\n\nText of ${title}.` });
    questions.push({ id: `q${q}`, question: `Question ${q}?`, lang: 'en', gold: { type: 'titles', titles: [`q${q} gold 1`, `q${q} gold 2`] } });
  }
  return { name: 'hotpotqa', split: 'dev', pooled: true, documents, questions };
}

describe('asLibraries', () => {
  it('gives each run of consecutive questions its own documents: its gold and the distractors beside them', () => {
    const split = asLibraries(hotpotLike(), 3);
    expect(split.pooled).toBe(false);
    expect(split.clusterScope).toBe('corpus');
    expect(split.questions.map((q) => q.group)).toEqual(['library 1', 'library 1', 'library 2', 'library 2', 'library 3', 'library 3']);
    const library = (name: string) => split.documents.filter((d) => d.group === name).map((d) => d.title);
    expect(library('library 2')).toEqual(['q2 distractor a', 'q2 gold 1', 'q2 distractor b', 'q2 gold 2', 'q3 distractor a', 'q3 gold 1', 'q3 distractor b', 'q3 gold 2']);
    // every document in exactly one library, and every question's gold in its own
    expect(split.documents).toHaveLength(24);
    for (const q of split.questions) {
      const titles = q.gold?.type === 'titles' ? q.gold.titles : [];
      for (const t of titles) expect(split.documents.find((d) => d.title === t)?.group).toBe(q.group);
    }
  });

  it('puts a gold document two libraries ask about in both', () => {
    const data = hotpotLike();
    // the last question also needs the first question's gold paragraph
    const last = data.questions[5];
    data.questions[5] = { ...last, gold: { type: 'titles', titles: ['q5 gold 1', 'q0 gold 1'] } };
    const split = asLibraries(data, 3);
    expect(split.documents.filter((d) => d.title === 'q0 gold 1').map((d) => d.group).sort()).toEqual(['library 1', 'library 3']);
  });

  it('refuses what it cannot split, saying why', () => {
    expect(() => asLibraries({ ...hotpotLike(), pooled: false }, 2)).toThrow(LibrarySplitError);
    expect(() => asLibraries(hotpotLike(), 1)).toThrow(/at least 2/);
    expect(() => asLibraries(hotpotLike(), 7)).toThrow(/6 questions: too few for 7 libraries/);
    const data = hotpotLike();
    data.questions[2] = { ...data.questions[2], gold: undefined };
    expect(() => asLibraries(data, 2)).toThrow(/question q2 names no gold document/);
  });
});

/** A report of two libraries, two questions each, with one hybrid method run calibrated and at two fixed weights. */
function report(): Pick<EvalReport, 'methods' | 'questions' | 'fusion'> {
  const method = (label: string) => ({ method: label }) as MethodResult;
  const methods = ['naive+hybrid', 'naive+hybrid+w0.2', 'naive+hybrid+w0.5', 'bm25'].map(method);
  // recall@5 of each question under each label
  const scores: Record<string, Record<string, number>> = {
    a1: { 'naive+hybrid': 0.5, 'naive+hybrid+w0.2': 0.5, 'naive+hybrid+w0.5': 1, bm25: 0 },
    a2: { 'naive+hybrid': 0.5, 'naive+hybrid+w0.2': 0.5, 'naive+hybrid+w0.5': 1, bm25: 0 },
    b1: { 'naive+hybrid': 1, 'naive+hybrid+w0.2': 1, 'naive+hybrid+w0.5': 0.5, bm25: 0 },
    b2: { 'naive+hybrid': 0, 'naive+hybrid+w0.2': 0, 'naive+hybrid+w0.5': 0, bm25: 0 },
  };
  const questions: QuestionResult[] = Object.entries(scores).map(([id, byMethod]) => ({
    id,
    group: id.startsWith('a') ? 'library 1' : 'library 2',
    gold: 2,
    methods: Object.fromEntries(Object.entries(byMethod).map(([label, r]) => [label, { ranked: [], held: 5, ms: 0, retrieval: { 'recall@5': r, 'allGold@5': r === 1 ? 1 : 0 } }])),
  }));
  const fusion = [
    { group: 'library 1', weight: { dense: 0.2, source: 'calibrated' as const } },
    { group: 'library 2', weight: { dense: 0.2, source: 'calibrated' as const } },
  ];
  return { methods, questions, fusion };
}

describe('libraryRows', () => {
  it('gives each library the weight it chose beside the best fixed weight, and what the difference costs', () => {
    const rows = libraryRows(report(), 5);
    expect(rows).toEqual([
      { library: 'library 1', method: 'naive+hybrid', questions: 2, chosen: 0.2, recall: 0.5, allGold: 0, bestWeight: 0.5, bestRecall: 1, cost: 0.5 },
      // a tie between fixed weights goes to the one nearer the chosen weight: no cost
      { library: 'library 2', method: 'naive+hybrid', questions: 2, chosen: 0.2, recall: 0.5, allGold: 0.5, bestWeight: 0.2, bestRecall: 0.5, cost: 0 },
    ]);
    const table = libraryTable(rows, 5, 'hotpotqa dev');
    expect(table).toContain('| library 1: naive+hybrid | 2 | 0.2 | 50.00 | 0.00 | 0.5 | 100.00 | +50.00 |');
    expect(table).toContain('naive+hybrid: the chosen weight costs at most +50.00 points of Recall@5 against the best fixed weight, over 2 libraries.');
  });

  it('has no rows when no hybrid method ran at fixed weights', () => {
    const plain = report();
    plain.methods = plain.methods.filter((m) => !m.method.includes('+w'));
    expect(libraryRows(plain, 5)).toEqual([]);
  });
});
