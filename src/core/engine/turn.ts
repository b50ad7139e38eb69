/**
 * A question and what came back: the one shape of a chat turn. The app's storage keeps it, its
 * engine worker sends it and its UI shows it, each with what is its own beside it (the stored
 * record names its sources by chunk id, the screen adds the state of an answer still streaming).
 */
import type { CitationSpan } from '../answer/citations.ts';
import type { FusionWeight, Retriever, SecondHop, Source, Strategy, TraceRow } from '../types.ts';
import type { QuestionCut } from './question.ts';

/** How a turn's passages were searched for, beyond its trace: shown by the inspector, stored with the turn. */
export interface TurnRetrieval {
  /** The search mode the question ran with (absent on turns stored before it was recorded). */
  retriever?: Retriever;
  /** How a hybrid search weighed meaning against keywords. */
  fusion?: FusionWeight;
  /** The second search, when the question took two hops. */
  secondHop?: SecondHop;
  /** The documents the question named by their file names, also searched on their own. */
  namedDocuments?: string[];
  /** The documents the question was asked within (its chat's scope), by name; absent, the whole library. */
  within?: string[];
  /** A question about a whole, answered from each topic of these documents instead of a search (engine/breadth.ts). */
  breadth?: { documents: string[] };
  /** The question asked when, so candidates stating a date were put first (query/answer-type.ts): how many moved up. */
  dates?: { moved: number };
  /** The question named a year, so candidates stating it were put first (query/named-year.ts): the years, and how many moved up. */
  year?: { years: string[]; moved: number };
  /** The question was longer than the embedding model reads, and only its beginning was searched. */
  questionCut?: QuestionCut;
  /** Asked while the embedding model was still loading: searched by its words alone. */
  modelLoading?: true;
}

export interface Turn extends TurnRetrieval {
  question: string;
  /** The answer; for a turn that failed, what was generated before the failure. */
  answer: string;
  /** Why the answer failed, for a turn stored after a failure. */
  error?: string;
  sources: Source[];
  /** The retrieval trace behind the answer, for the inspector. */
  trace: TraceRow[];
  /** Source numbers the answer cites, in order of first citation. */
  cited: number[];
  /** The citation brackets in `answer`, as the engine checked them; the UI draws them as they are. */
  citations: CitationSpan[];
  /** The answer is the not-found reply: the documents do not say. */
  notFound: boolean;
  strategy: Strategy;
  /** When the question was asked, epoch ms. */
  created: number;
}

/**
 * The retrieval details a turn keeps (from a turn, or a `RetrievalResult` with what the asker adds),
 * without the keys that are absent: IndexedDB and postMessage would copy an `undefined`, and a turn
 * read back would then differ from the one stored.
 */
export function turnRetrieval(from: TurnRetrieval): TurnRetrieval {
  const out: TurnRetrieval = {};
  if (from.retriever !== undefined) out.retriever = from.retriever;
  if (from.fusion !== undefined) out.fusion = from.fusion;
  if (from.secondHop !== undefined) out.secondHop = from.secondHop;
  if (from.namedDocuments !== undefined) out.namedDocuments = from.namedDocuments;
  if (from.within !== undefined) out.within = from.within;
  if (from.breadth !== undefined) out.breadth = from.breadth;
  if (from.dates !== undefined) out.dates = from.dates;
  if (from.year !== undefined) out.year = from.year;
  if (from.questionCut !== undefined) out.questionCut = from.questionCut;
  if (from.modelLoading) out.modelLoading = true;
  return out;
}
