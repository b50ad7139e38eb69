/**
 * A question's way through the engine: standalone rewrite of a follow-up, query variants
 * (multi-query or HyDE), candidates and backtracking, optional rerank, packing, streamed answer.
 */
import { condenseFollowUp, expandedQuestion, passageRowsOf, sectionFitsWindow, sectionsLast, expansionTerms, followLinks, hyde, mergeHops, multiQuery, rerank, subQuestions, titlesWorthFollowing } from '../query/index.ts';
import { packSources } from '../answer/pack.ts';
import { sourceTokenBudget } from '../answer/prompt.ts';
import { streamAnswer, type AnswerEvent } from '../answer/answer.ts';
import { detectLanguage } from '../ingest/language.ts';
import type { ChatMessage, Embedder, Generator, ProgressListener, Reranker } from '../ports.ts';
import { DEFAULT_DENSE_WEIGHT } from '../search/fusion.ts';
import { defaultCandidates, retrieve, strategyScope, type QueryVariant, type RetrievalCorpus, type RetrieveOptions } from '../search/retrieve.ts';
import type { Chunk, FusionWeight, Lang, RetrievalResult, RetrievedChunk, Retriever, Source, TraceRow } from '../types.ts';
import { ScopedCorpus, type ScopableCorpus } from '../search/scoped-corpus.ts';
import { asksForWhole } from '../query/whole-document.ts';
import { asksWhen, datedFirst } from '../query/answer-type.ts';
import { namedYearFirst } from '../query/named-year.ts';
import { yearsIn } from '../text/years.ts';
import { checkQuestion, type QuestionCut } from './question.ts';

export type Rewrite = 'none' | 'multi-query' | 'hyde';

/**
 * How one question is searched and answered: the search's own options (retrieve.ts), and what
 * happens around the search. The app's settings and the CLI's flags are these, by name.
 */
export interface AskOptions extends RetrieveOptions {
  /**
   * 2: a second hop searches again with the question expanded by the rarest words of the first
   * hop's best passages, and both hops are fused. Default 1.
   */
  hops?: 1 | 2;
  /**
   * With two hops and a language model: the model also writes the sub-questions still to be
   * searched, from the question and the first hop's best passages (query/sub-questions.ts); they
   * are searched like the question and fused with the keyword hop. Default off: it costs a
   * generation before every answer.
   */
  subQuestions?: boolean;
  /** Rerank the backtracked chunks with the cross-encoder (needs a reranker). */
  rerank?: boolean;
  rewrite?: Rewrite;
  /** Earlier turns: a follow-up question is rewritten into a standalone one before retrieval. */
  history?: ChatMessage[];
  /** Tokens for the answer. */
  maxTokens?: number;
  temperature?: number;
  order?: 'document' | 'edges-first';
  /** Language of prompts and of the not-found sentence; detected from the question by default. */
  lang?: Lang;
  /**
   * The question's embedding as a query, when the caller already has it (evaluation asks one
   * question under many methods). Used only for the question as asked, not for a rewritten one.
   */
  queryVector?: Float32Array;
  signal?: AbortSignal;
  /**
   * Search only these documents (a chat scoped to a document or a collection): every list is drawn
   * from their rows alone (search/scoped-corpus.ts). Default: the whole library.
   */
  within?: readonly string[];
  /**
   * Work the question waits for, as it goes: a document's clusters made when the question is the
   * first to read them (stage `cluster`, the document as the item).
   */
  onProgress?: ProgressListener;
  /** A question about a whole is answered from the breadth of the whole (default), or, false, searched like any other. */
  breadth?: boolean;
  /** A question asking when puts the candidates that state a date first (query/answer-type.ts; default), or, false, leaves their order. */
  dates?: boolean;
  /** A question that names a year puts the candidates that state it first (query/named-year.ts; default), or, false, leaves their order. */
  years?: boolean;
}

/** The passages a question about a whole is answered from, and the documents they cover (engine/breadth.ts). */
export interface WholeAnswer {
  chunks: RetrievedChunk[];
  documents: string[];
}

export interface AskDeps {
  corpus: ScopableCorpus;
  /**
   * Breadth for a question about a whole (query/whole-document.ts), within `within` or the
   * document(s) the question names; undefined when the question is about no whole the library
   * can tell, and it is answered by search instead.
   */
  whole?: (question: string, within: readonly string[] | undefined, how: Waiting) => Promise<WholeAnswer | undefined>;
  embedder: Embedder;
  /** The index's own hybrid weight (see search/calibrate-fusion.ts), used when none is given. */
  fusionWeight?: (signal?: AbortSignal) => Promise<FusionWeight>;
  generator?: Generator;
  reranker?: Reranker;
}

/** How work a question waits for is stopped and followed. */
export type Waiting = Pick<AskOptions, 'signal' | 'onProgress'>;

export interface RetrieveForQuestion {
  /** The question retrieval ran on (a follow-up made standalone). */
  question: string;
  lang: Lang;
  /** Every query text that was searched (the question first). */
  queries: string[];
  /** Set when the question was longer than the embedder's window and only its beginning was used. */
  cut?: QuestionCut;
  result: RetrievalResult;
  /** Backtracked chunks, reranked when asked. */
  chunks: RetrievedChunk[];
}

/** What the search steps read: the library, or the part of it a question is asked within. */
type SearchDeps = Omit<AskDeps, 'corpus'> & { corpus: RetrievalCorpus };

export type AskEvent = { type: 'retrieved'; retrieval: RetrieveForQuestion; sources: Source[] } | AnswerEvent;

export async function retrieveForQuestion(library: AskDeps, original: string, options: AskOptions): Promise<RetrieveForQuestion> {
  const { embedder } = library;
  const deps: SearchDeps = options.within ? { ...library, corpus: new ScopedCorpus(library.corpus, new Set(options.within)) } : library;
  const { signal } = options;
  // a blank question is refused, an overlong one cut to the embedder's window (question.ts)
  const { text: asked, cut } = await checkQuestion(original, embedder);
  const needsModel = (options.rewrite !== undefined && options.rewrite !== 'none') || !!options.history?.length;
  const generator = needsModel ? requireGenerator(deps).generator : deps.generator;
  const lang = options.lang ?? detectLanguage(asked);
  const question = options.history?.length && generator ? await condenseFollowUp(options.history, asked, generator, { lang, signal }) : asked;
  // the person's own words decide first: a follow-up made standalone by a small model may lose the form
  const aboutWhole = options.breadth === false ? undefined : [asked, question].find(asksForWhole);
  const whole = aboutWhole === undefined ? undefined : await deps.whole?.(aboutWhole, options.within, { signal, onProgress: options.onProgress });
  if (whole) {
    const result: RetrievalResult = { chunks: whole.chunks, trace: [], breadth: { documents: whole.documents } };
    return { question, lang, queries: [question], result, chunks: whole.chunks, ...(cut ? { cut } : {}) };
  }

  const texts = options.rewrite === 'multi-query' && generator ? await multiQuery(question, generator, { lang, signal }) : [question];
  const known = options.queryVector && texts[0] === asked ? options.queryVector : undefined;
  // a keyword search embeds nothing: it needs no model (the app asks so while its model loads)
  const variants = known
    ? [{ text: texts[0], vector: known }, ...(await variantsOf(embedder, texts.slice(1), options.retriever, signal))]
    : await variantsOf(embedder, texts, options.retriever, signal);
  if (options.rewrite === 'hyde' && generator) {
    // The hypothetical answer is a passage, so it is embedded like one (prefix models differ).
    const passage = await hyde(question, generator, { lang, signal });
    const vector = options.retriever === 'lexical' ? undefined : (await embedder.embed([passage], 'passage', signal))[0];
    variants.push(vector ? { text: passage, vector } : { text: passage });
    texts.push(passage);
  }

  const fusion = options.retriever === 'hybrid' ? await fusionFor(deps, options, signal) : undefined;
  // the search's options are the question's, with the weight hybrid fusion settled on
  // and the dense list reading each piece of a cut passage with the rest of it (passage-scores.ts)
  const settings: RetrieveOptions = { ...options, denseWeight: fusion?.dense, passageOf: passageRowsOf(deps.corpus, deps.embedder.maxTokens) };
  const decompose = options.hops === 2 && options.subQuestions ? { generator: requireGenerator(deps).generator, lang } : undefined;
  const when = options.dates !== false && asksWhen(question);
  const year = options.years !== false && yearsIn(question).size > 0;
  // a walk to be reordered is kept past N until it is
  const uncut = when || year;
  const m = settings.m ?? defaultCandidates(settings.n);
  const shown = (walk: RetrievalResult) => (uncut ? reordered(walk, settings.n, { question, lang, window: reorderWindow(settings.n, m), year, when }) : walk);
  let result: RetrievalResult;
  // every walk goes past N, with the same M, so that a chunk below N can move up
  const onePassage = sectionFitsWindow((id) => deps.corpus.findChunk(id), deps.embedder.maxTokens);
  const first = passageByPassage(retrieve(deps.corpus, variants, { ...settings, n: Number.MAX_SAFE_INTEGER, m }), onePassage);
  if (options.hops === 2) {
    result = shown(await twoHops(deps, question, first, { ...settings, m }, { decompose, signal, uncut, variants, onePassage }));
  } else {
    result = uncut ? shown(first) : cutTo(first, settings.n);
  }
  if (fusion) result.fusion = fusion;
  let chunks = result.chunks;
  if (options.rerank) {
    if (!deps.reranker) throw new Error('reranking needs a reranker model');
    chunks = await rerank(question, chunks, deps.reranker, { signal });
  }
  return { question, lang, queries: texts, result, chunks, ...(cut ? { cut } : {}) };
}

export async function* ask(deps: AskDeps, asked: string, options: AskOptions): AsyncGenerator<AskEvent> {
  const { generator } = requireGenerator(deps);
  const retrieval = await retrieveForQuestion(deps, asked, options);
  const { lang, question } = retrieval;
  // the prompt's tokens and the sources' are counted together (pack.ts)
  const budgetTokens = sourceTokenBudget(question, generator, { lang, history: options.history, maxTokens: options.maxTokens });
  // a whole is read from beginning to end
  const order = retrieval.result.breadth ? 'document' : options.order;
  const sources = await packSources(retrieval.chunks, { budgetTokens, countTokens: (t) => generator.countTokens(t), order });
  yield { type: 'retrieved', retrieval, sources };
  yield* streamAnswer(question, sources, generator, {
    lang,
    history: options.history,
    maxTokens: options.maxTokens,
    temperature: options.temperature,
    signal: options.signal,
  });
}

async function fusionFor(deps: SearchDeps, options: AskOptions, signal?: AbortSignal): Promise<FusionWeight> {
  if (options.denseWeight !== undefined) return { dense: options.denseWeight, source: 'given' };
  return deps.fusionWeight ? deps.fusionWeight(signal) : { dense: DEFAULT_DENSE_WEIGHT, source: 'default' };
}

/** Passages of the first hop whose rare words expand the question. */
const HOP_SOURCES = 2;

interface HopSettings {
  /** The model that writes sub-questions, when the question asks for them. */
  decompose?: { generator: Generator; lang: Lang };
  signal?: AbortSignal;
  /** Return the whole fused walk instead of its first N (a chunk is still the second hop's find by N). */
  uncut: boolean;
  /** The question as the first hop searched it: the documents its best passages link to are searched by it. */
  variants: readonly QueryVariant[];
  /** Whether a chunk's section is read as one passage (query/section-fits.ts). */
  onePassage: (chunk: Chunk) => boolean;
}

/**
 * Searches again with the question expanded by the first hop's best passages and fuses both hops
 * (see query/second-hop.ts); the second hop's candidates join the trace marked `hop: 2`. `first`
 * is the first hop's whole walk of M candidates.
 *
 * Both hops walk all M candidates and are cut to exactly N only once fused: rank fusion reads how
 * deep each list goes, so lists cut at N would make the first five chunks of N = 5 differ from the
 * first five of N = 10. This way, as with one hop, asking for more chunks only adds chunks.
 */
async function twoHops(deps: SearchDeps, question: string, first: RetrievalResult, settings: RetrieveOptions, how: HopSettings): Promise<RetrievalResult> {
  const { decompose, signal, uncut } = how;
  const n = Math.max(0, Math.floor(settings.n));
  const everything = { ...settings, n: Number.MAX_SAFE_INTEGER, m: settings.m ?? defaultCandidates(n) };
  const asOneHop = cutTo(first, n);
  const sources = first.chunks.slice(0, HOP_SOURCES).map((c) => c.chunk);
  const stats = deps.corpus.lexical.termsIn(strategyScope(deps.corpus, settings.strategy));
  const terms = expansionTerms(question, sources, stats);
  const asks = decompose ? await subQuestions(question, sources.map((c) => c.text), decompose.generator, { lang: decompose.lang, signal }) : [];
  // the documents the best passages name, other than their own
  const own = new Set(sources.map((c) => c.docId));
  const worth = titlesWorthFollowing(sources, stats);
  const links = deps.corpus.linkedRows?.(sources.map((c) => c.text).join('\n'), settings.strategy, (doc) => !own.has(doc.id) && worth(doc.words));
  if (terms.length === 0 && asks.length === 0 && !links) return uncut ? first : asOneHop;
  const query = expandedQuestion(question, terms);
  // The added terms are rare words: evidence BM25 reads exactly, while the embedding of a question
  // with words appended drifts towards the passage they came from, which the first hop already
  // holds (docs/decisions/2026-12-07-retrieval-rules-measured.md). So a hybrid second hop reads the
  // expanded question by its words and the question as asked by its meaning: a keyword list alone
  // outvoted the first hop's where BM25 reads a library poorly
  // (docs/decisions/2026-12-07-second-hop-keeps-its-meaning.md). Only a person who chose
  // meaning-only search gets a dense one.
  const asAsked = how.variants[0]?.vector;
  const keywords =
    terms.length === 0
      ? undefined
      : settings.retriever === 'dense'
        ? retrieve(deps.corpus, [{ text: query, vector: (await deps.embedder.embed([query], 'query', signal))[0] }], everything)
        : settings.retriever === 'hybrid' && asAsked
          ? retrieve(deps.corpus, [{ text: query, vector: asAsked }], everything)
          : retrieve(deps.corpus, [{ text: query }], { ...everything, retriever: 'lexical' });
  // Sub-questions are questions, so they are searched as the question was, and join the keyword
  // hop as one second hop: the first hop keeps half the vote however many lists the second has.
  const asked = asks.length === 0 ? undefined : retrieve(deps.corpus, await variantsOf(deps.embedder, asks, settings.retriever, signal), everything);
  // The documents the best passages name are searched by the question as the first hop searched
  // it, among their rows alone: which of their passages answers is the question's to say.
  const linked = links ? followLinks(deps.corpus, how.variants, links, everything) : undefined;
  const [one, ...others] = [keywords, asked, linked].filter((r): r is RetrievalResult => r !== undefined);
  const second = { chunks: others.reduce((merged, r) => mergeHops(merged, r.chunks, Number.MAX_SAFE_INTEGER), one.chunks), trace: [one, ...others].flatMap((r) => r.trace) };
  const merged = sectionsLast(mergeHops(first.chunks, second.chunks, Number.MAX_SAFE_INTEGER), how.onePassage);
  // a chunk one hop alone would not have given at N is the second hop's find
  const before = new Set(asOneHop.chunks.map((c) => c.chunk.id));
  const chunks = merged.slice(0, uncut ? Number.MAX_SAFE_INTEGER : n).map((c) => (before.has(c.chunk.id) ? c : { ...c, via: 'hop' as const }));
  const kept = new Set(chunks.map((c) => c.chunk.id));
  return {
    chunks,
    trace: [...first.trace.filter(bringsAny(kept)), ...second.trace.filter(bringsAny(kept)).map((row) => ({ ...row, hop: 2 }))],
    ...named(first),
    secondHop: {
      query: terms.length > 0 ? query : question,
      terms,
      ...(decompose ? { subQuestions: asks } : {}),
      linked: links ? links.docIds.map((id) => deps.corpus.docLabel(id).name) : [],
      added: chunks.filter((c) => c.via === 'hop').map((c) => c.chunk.id),
    },
  };
}

/** Query variants for texts, embedded when the retriever reads vectors. */
async function variantsOf(embedder: Embedder, texts: string[], retriever: Retriever, signal?: AbortSignal): Promise<QueryVariant[]> {
  if (retriever === 'lexical' || texts.length === 0) return texts.map((text) => ({ text }));
  const vectors = await embedder.embed(texts, 'query', signal);
  return texts.map((text, i) => ({ text, vector: vectors[i] }));
}

/**
 * Candidates are reordered among the first quarter of the candidates M (50 of M = 200), a part of
 * M and not a multiple of N, so that asking for more chunks still only adds chunks; a quarter did
 * as well as all of M (docs/decisions/2026-12-07-retrieval-rules-measured.md).
 */
const REORDER_WINDOW_SHARE = 4;

function reorderWindow(n: number, m: number): number {
  return Math.max(n, Math.ceil(m / REORDER_WINDOW_SHARE));
}

/**
 * The walk reordered, then cut to n: the candidates stating the year the question names first
 * (query/named-year.ts), then, for a question asking when, those stating a date
 * (query/answer-type.ts). The second hop's finds are those still shown.
 */
function reordered(walk: RetrievalResult, n: number, how: { question: string; lang: Lang; window: number; year: boolean; when: boolean }): RetrievalResult {
  const text = (c: RetrievedChunk) => c.chunk.text;
  let chunks = walk.chunks;
  const told: Pick<RetrievalResult, 'year' | 'dates'> = {};
  if (how.year) {
    const first = namedYearFirst(how.question, chunks, inContext, how.window);
    chunks = first.items;
    told.year = { years: first.years, moved: first.moved };
  }
  if (how.when) {
    const dated = datedFirst(how.question, how.lang, chunks, text, how.window);
    chunks = dated.items;
    told.dates = { moved: dated.moved };
  }
  const cut = cutTo({ ...walk, chunks }, n);
  const kept = new Set(cut.chunks.map((c) => c.chunk.id));
  const hop = walk.secondHop;
  return { ...walk, ...cut, ...(hop ? { secondHop: { ...hop, added: hop.added.filter((id) => kept.has(id)) } } : {}), ...told };
}

/**
 * A chunk with what places it: its document's file name and title and its section headings. A
 * filing's year is in its name ("BOEING_2018_10K.pdf") and its tables' in their header row, which
 * the chunks cut from the middle of a balance sheet do not hold. Against no year step at all,
 * reading the chunk's text alone lost balance sheets on FinanceBench, reading its context lost none,
 * and HotpotQA and RGB did not move (docs/decisions/2026-12-07-retrieval-rules-measured.md).
 */
function inContext(c: RetrievedChunk): string {
  return [c.docName, c.docTitle, ...c.chunk.headingPath, c.chunk.text].join('\n');
}

/** A walk with the chunks of a passage already placed after the others (query/sections-last.ts). */
function passageByPassage(walk: RetrievalResult, onePassage: (chunk: Chunk) => boolean): RetrievalResult {
  return { ...walk, chunks: sectionsLast(walk.chunks, onePassage) };
}

/** A full walk's first n chunks, with the candidates that brought them in. */
function cutTo(walk: RetrievalResult, n: number): RetrievalResult {
  const chunks = walk.chunks.slice(0, n);
  return { chunks, trace: walk.trace.filter(bringsAny(new Set(chunks.map((c) => c.chunk.id)))), ...named(walk) };
}

/** The documents a retrieval found named, to carry into a result made from it. */
function named(walk: RetrievalResult): Pick<RetrievalResult, 'namedDocuments'> {
  return walk.namedDocuments ? { namedDocuments: walk.namedDocuments } : {};
}

/** Whether a trace row brought in any of these chunks: the trace keeps only such candidates. */
function bringsAny(kept: ReadonlySet<string>): (row: TraceRow) => boolean {
  return (row) => row.added.some((id) => kept.has(id));
}

function requireGenerator<D extends SearchDeps>(deps: D): D & { generator: Generator } {
  if (!deps.generator) throw new Error('answering and query rewriting need a language model (--llm)');
  return deps as D & { generator: Generator };
}
