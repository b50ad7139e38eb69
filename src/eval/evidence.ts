/**
 * Which gold evidence a retrieved chunk covers, per dataset kind, as gold ids for the retrieval
 * metrics (metrics/retrieval.ts). The chunk's document is looked up by the engine's document id
 * in a map the runner builds when it ingests the dataset's documents.
 */
import type { Chunk } from '../core/types.ts';
import type { EvalDocument, GoldEvidence } from './datasets/types.ts';
import { overlapRatio, shingles } from './text-overlap.ts';

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

/** The gold ids one retrieved chunk covers (deduplicated, possibly empty). */
export type GoldCoverage = (chunk: RetrievedPiece) => string[];

/**
 * Coverage for one question's gold evidence, made once and used for the chunks of every method.
 * Texts are shingled once each and remembered: every gold passage is compared with every chunk,
 * and the methods retrieve many of the same chunks, so nothing is segmented twice.
 */
export function goldCoverage(gold: GoldEvidence, docs: ReadonlyMap<string, EvalDocument>, options: EvidenceOptions = {}): GoldCoverage {
  const shingled = new Map<string, Set<string>>();
  const shinglesOf = (text: string): Set<string> => {
    let set = shingled.get(text);
    if (!set) {
      set = shingles(text);
      shingled.set(text, set);
    }
    return set;
  };
  const overlap = (a: string, b: string) => overlapRatio(shinglesOf(a), shinglesOf(b));
  return (chunk) => covered(chunk, docs.get(chunk.docId), gold, options, overlap);
}

function covered(
  chunk: RetrievedPiece,
  doc: EvalDocument | undefined,
  gold: GoldEvidence,
  options: EvidenceOptions,
  overlap: (a: string, b: string) => number,
): string[] {
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
        if (overlap(chunk.text, text) >= threshold) out.add(gold.ids[i]);
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
        if (onPage || overlap(chunk.text, item.text) >= threshold) out.add(pageId(item.doc, item.page));
      }
      break;
    }
    case 'qrels':
      if (doc && (gold.grades[doc.id] ?? 0) > 0) out.add(doc.id);
      break;
  }
  return [...out];
}
