/**
 * Which gold evidence a retrieved chunk covers, per dataset kind, as gold ids for the retrieval
 * metrics (metrics/retrieval.ts). The chunk's document is looked up by the engine's document id
 * in a map the runner builds when it ingests the dataset's documents.
 */
import type { Chunk } from '../core/types.ts';
import type { EvalDocument, GoldEvidence } from './datasets/types.ts';
import { overlapRatio } from './text-overlap.ts';

export type RetrievedPiece = Pick<Chunk, 'docId' | 'text' | 'page' | 'pageEnd'>;

export interface EvidenceOptions {
  /**
   * Overlap (text-overlap.ts) at which a chunk counts as covering a gold passage it is not the
   * document of. High for RGB passages, whose negatives are often other excerpts of the same news.
   */
  passageOverlap?: number;
  /** Overlap with a FinanceBench evidence text that counts when the page does not decide. */
  evidenceOverlap?: number;
}

const PASSAGE_OVERLAP = 0.8;
const EVIDENCE_OVERLAP = 0.5;

function pageId(doc: string, page: number): string {
  return `${doc}#p${page}`;
}

/** The gold ids of a question with their grades (binary kinds: 1). */
export function goldGrades(gold: GoldEvidence): Map<string, number> {
  switch (gold.type) {
    case 'titles':
      return new Map(gold.titles.map((t) => [t, 1]));
    case 'passages':
      return new Map(gold.ids.map((id) => [id, 1]));
    case 'pages':
      return new Map(gold.items.map((item) => [pageId(item.doc, item.page), 1]));
    case 'qrels':
      return new Map(Object.entries(gold.grades).filter(([, g]) => g > 0));
  }
}

/** Gold ids covered by one retrieved chunk (deduplicated, possibly empty). */
export function coveredGold(
  chunk: RetrievedPiece,
  docs: ReadonlyMap<string, EvalDocument>,
  gold: GoldEvidence,
  options: EvidenceOptions = {},
): string[] {
  const doc = docs.get(chunk.docId);
  const out = new Set<string>();
  switch (gold.type) {
    case 'titles':
      if (doc && gold.titles.includes(doc.title)) out.add(doc.title);
      break;
    case 'passages': {
      // one document per passage: the chunk's document decides
      gold.texts.forEach((text, i) => {
        if (doc?.text === text) out.add(gold.ids[i]);
      });
      if (out.size > 0) break;
      const threshold = options.passageOverlap ?? PASSAGE_OVERLAP;
      gold.texts.forEach((text, i) => {
        if (overlapRatio(chunk.text, text) >= threshold) out.add(gold.ids[i]);
      });
      break;
    }
    case 'pages': {
      const threshold = options.evidenceOverlap ?? EVIDENCE_OVERLAP;
      for (const item of gold.items) {
        if (!doc || doc.id !== item.doc) continue;
        const first = chunk.page;
        const last = chunk.pageEnd ?? chunk.page;
        const onPage = first !== undefined && last !== undefined && first <= item.page && item.page <= last;
        if (onPage || overlapRatio(chunk.text, item.text) >= threshold) out.add(pageId(item.doc, item.page));
      }
      break;
    }
    case 'qrels':
      if (doc && (gold.grades[doc.id] ?? 0) > 0) out.add(doc.id);
      break;
  }
  return [...out];
}

/** The covered gold ids of each retrieved chunk, in rank order: the input of the retrieval metrics. */
export function rankedCoverage(
  chunks: readonly RetrievedPiece[],
  docs: ReadonlyMap<string, EvalDocument>,
  gold: GoldEvidence,
  options: EvidenceOptions = {},
): string[][] {
  return chunks.map((chunk) => coveredGold(chunk, docs, gold, options));
}
