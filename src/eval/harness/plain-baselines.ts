/**
 * The embedder used plainly, outside Loci: one vector per whole document, cosine, nothing else
 * (`encoder`), and its min–max fusion with a BM25 over the same whole documents at an even weight
 * (`bm25+encoder`). Run only where nearly every document fits the embedder's window (HotpotQA's
 * paragraphs, RGB's and MS MARCO's passages; the few longer ones are cut at the window, as the
 * encoder does by itself), where they are what a person could build in an afternoon: Loci's dense
 * and hybrid rows are to be read against them
 * ([record](../../../docs/decisions/2026-12-07-what-the-embedder-reads.md)).
 */
import type { Embedder } from '../../core/ports.ts';
import { FlatVectorIndex } from '../../core/search/flat-vector-index.ts';
import { LexicalIndex } from '../../core/search/lexical-index.ts';
import type { Hit } from '../../core/search/top-k.ts';
import type { EvalDocument } from '../datasets/types.ts';
import type { EvalIndex } from './build-index.ts';
import { NDCG_K, type Method } from './config.ts';
import type { GoldScoring } from './retrieve-one.ts';
import type { QuestionMethodResult } from './types.ts';
import { retrievalScores } from '../scores.ts';

/** The two rows, as methods of the run (never the default, never a baseline of the Δ table). */
export const PLAIN_METHODS: readonly Method[] = [
  { label: 'encoder', strategy: 'naive', retriever: 'dense', backtrack: 'ranked', hops: 1, rerank: false, named: false, baseline: false, isDefault: false },
  { label: 'bm25+encoder', strategy: 'naive', retriever: 'hybrid', backtrack: 'ranked', hops: 1, rerank: false, named: false, baseline: false, isDefault: false },
];

/** The share of documents that must fit the window for whole documents to be the plain way to embed them. */
const FITTING_SHARE = 0.95;

/** Candidates each list of the plain fusion holds before it is rescaled. */
const PLAIN_M = 100;

export interface PlainIndex {
  /** Engine document ids, by row. */
  ids: string[];
  texts: string[];
  vectors: FlatVectorIndex;
  lexical: LexicalIndex;
}

/** The whole documents of an index, embedded and BM25-indexed; undefined when too many do not fit the window. */
export async function plainIndex(index: EvalIndex, embedder: Pick<Embedder, 'embed' | 'countTokens' | 'maxTokens' | 'dimension'>, signal?: AbortSignal): Promise<PlainIndex | undefined> {
  const docs: [string, EvalDocument][] = [...index.docs];
  if (docs.length === 0 || docs.some(([, d]) => d.text === undefined)) return undefined;
  const texts = docs.map(([, d]) => d.text as string);
  const tokens = await embedder.countTokens(texts);
  if (tokens.filter((t) => t <= embedder.maxTokens).length < FITTING_SHARE * texts.length) return undefined;
  const vectors = new FlatVectorIndex(embedder.dimension);
  vectors.add(await embedder.embed(texts, 'passage', signal));
  const lexical = new LexicalIndex();
  texts.forEach((text, row) => lexical.add(row, text));
  return { ids: docs.map(([id]) => id), texts, vectors, lexical };
}

/** Both rows' results for one question, scored against its gold evidence; `embedMs` is its query's embedding, which each row would pay. */
export function plainResults(
  plain: PlainIndex,
  index: EvalIndex,
  question: string,
  queryVector: Float32Array,
  gold: GoldScoring,
  settings: { n: number; ks: readonly number[]; embedMs: number },
): Record<string, QuestionMethodResult> {
  const started = performance.now();
  const found = plainSearch(plain, question, queryVector, settings.n);
  const ms = performance.now() - started + settings.embedMs;
  return Object.fromEntries(
    PLAIN_METHODS.map(({ label }) => {
      const rows = found[label];
      const covered = rows.map((row) => gold.coverage({ docId: plain.ids[row], text: plain.texts[row] }));
      const result: QuestionMethodResult = {
        ranked: rows.map((row) => index.docs.get(plain.ids[row])?.id ?? plain.ids[row]),
        held: rows.length,
        ms,
        retrieval: retrievalScores(covered, gold.grades, settings.ks, NDCG_K),
        covered,
      };
      return [label, result];
    }),
  );
}

/** Both rows' rankings for one question: rows of the plain index, best first. */
function plainSearch(plain: PlainIndex, question: string, queryVector: Float32Array, n: number): Record<string, number[]> {
  const dense = plain.vectors.search(queryVector, PLAIN_M);
  const words = plain.lexical.search(question, PLAIN_M);
  return { encoder: dense.slice(0, n).map((h) => h.row), 'bm25+encoder': minMaxFusion(dense, words, n) };
}

/** Each list rescaled min–max over its own hits, mixed half and half; a row missing from a list scores 0 there. */
function minMaxFusion(a: readonly Hit[], b: readonly Hit[], n: number): number[] {
  const scores = new Map<number, number>();
  for (const list of [a, b]) {
    if (list.length === 0) continue;
    const top = list[0].score;
    const low = list[list.length - 1].score;
    const span = top - low;
    for (const hit of list) scores.set(hit.row, (scores.get(hit.row) ?? 0) + 0.5 * (span > 0 ? (hit.score - low) / span : 1));
  }
  return [...scores].sort((x, y) => y[1] - x[1] || x[0] - y[0]).slice(0, n).map(([row]) => row);
}
