/** The common shape every dataset loader returns, whatever the source format. */
import type { Lang } from '../../core/types.ts';

export type DatasetName = 'quality' | 'hotpotqa' | 'rgb' | 'financebench' | 'msmarco';

export const DATASET_NAMES: readonly DatasetName[] = ['quality', 'hotpotqa', 'rgb', 'financebench', 'msmarco'];

export interface EvalDocument {
  /** The dataset's own id (MS MARCO `_id`, QuALITY article id, FinanceBench doc_name, …). */
  id: string;
  /** File name to ingest it under (its extension tells the engine which parser to use). */
  name: string;
  title: string;
  /** The text, for datasets that ship text. */
  text?: string;
  /** Absolute path of the file to ingest, for datasets that ship files (FinanceBench PDFs). */
  path?: string;
  /** Documents of one group are indexed and searched together (QuALITY: one article per group). */
  group?: string;
}

/** Where the answer is, in each dataset's own terms; `evidence.ts` turns it into gold ids. */
export type GoldEvidence =
  /** HotpotQA: the paragraphs whose document title is one of these. */
  | { type: 'titles'; titles: string[] }
  /**
   * RGB: gold passages by text. `ids[i]` is the gold id passage `texts[i]` counts for: one id per
   * passage for single-fact questions; for questions that need several facts (zh_int), one id per
   * fact, shared by the passages that state it, so all-gold@k means every fact was retrieved.
   */
  | { type: 'passages'; texts: string[]; ids: string[] }
  /** FinanceBench: evidence items, each a page of a filing (1-based, as Chunk.page) and its text. */
  | { type: 'pages'; items: { doc: string; page: number; text: string }[] }
  /** MS MARCO: graded relevance per document id (grades > 0 only). */
  | { type: 'qrels'; grades: Record<string, number> };

export interface EvalQuestion {
  id: string;
  question: string;
  lang: Lang;
  /** Set when the question is asked of one document group only (QuALITY). */
  group?: string;
  /** Multiple choice: the four options, in letter order. */
  options?: string[];
  goldLetter?: 'A' | 'B' | 'C' | 'D';
  /** QuALITY's hard subset, where the data says. */
  hard?: boolean;
  /** Acceptable short answers (exact match / F1 take the best). */
  answers?: string[];
  /** Answers that need every part, each part with its alternatives (RGB; scored by containsAnswer). */
  answerParts?: string[][];
  gold?: GoldEvidence;
}

export interface EvalDataset {
  name: DatasetName;
  split: string;
  /** True when all documents form one corpus; false when each question has its own group. */
  pooled: boolean;
  /**
   * How a pooled corpus is clustered: as one (`corpus`, the default: short passages) or each
   * document on its own (`document`: long documents, as the app clusters what a person adds).
   */
  clusterScope?: 'document' | 'corpus';
  documents: EvalDocument[];
  questions: EvalQuestion[];
}
