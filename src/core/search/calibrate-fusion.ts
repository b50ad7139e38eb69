/**
 * Each index finds its own hybrid weight. How far to trust the embedding against BM25 depends on
 * the embedder (a static GloVe model misses the names BM25 catches; e5 or bge find paraphrases BM25
 * cannot) and on the library's language and kind of text, so no constant suits every index, and
 * the production embedders cannot be measured here. The index asks itself instead, with
 * pseudo-questions whose answer it knows: the inverse cloze task (Lee et al. 2019). A sentence is
 * taken out of a chunk, and the question is whether each list finds the rest of that chunk among
 * the others; the sentence is not in what is searched, so BM25 gets no free exact match and the
 * embedding is judged on relatedness, as with a real question.
 */
import type { Embedder } from '../ports.ts';
import { sentences, words } from '../text/words.ts';
import type { FusionWeight } from '../types.ts';
import { seededRandom } from '../util/random.ts';
import { FlatVectorIndex } from './flat-vector-index.ts';
import { DEFAULT_DENSE_WEIGHT, fuseByScore } from './fusion.ts';
import { LexicalIndex } from './lexical-index.ts';

/** What calibration reads from an index: its original chunks' entry rows, texts and vectors. */
export interface CalibrationCorpus {
  rowsFor(strategy: 'naive'): Int32Array;
  /** A row's text as the embedder read it for its vector, so a pseudo-question's answer is read alike. */
  embeddedText(row: number): string;
  vectors: FlatVectorIndex;
}

export interface CalibrationOptions {
  /** Pseudo-questions; default PSEUDO_QUESTIONS. */
  queries?: number;
  /** Other chunks they are searched among (the rest of the library is not needed); default 2,000. */
  pool?: number;
  /** Candidates per list, as in retrieval; default 100. */
  m?: number;
  seed?: number;
  signal?: AbortSignal;
}

/**
 * Pseudo-questions a calibration asks: enough that the curve of reciprocal ranks over the weights
 * stands above its own noise, which with a third as many chose a different weight on each library
 * of one dev set ([record](../../../docs/decisions/2026-12-07-fusion-weight-across-libraries.md)).
 */
export const PSEUDO_QUESTIONS = 144;

/** Weights tried, dense share from 0 (BM25 alone) to 1 (dense alone). */
const GRID = Array.from({ length: 11 }, (_, i) => i / 10);
/** A pseudo-question shorter than this many words says too little to be found by anything. */
const MIN_WORDS = 5;
/** Fewer usable pseudo-questions than this measure noise: the index keeps the balanced weight. */
const MIN_QUERIES = 12;

interface Probe {
  question: string;
  /** The chunk's entry text without the question's sentence. */
  rest: string;
}

export async function calibrateFusion(corpus: CalibrationCorpus, embedder: Pick<Embedder, 'embed'>, options: CalibrationOptions = {}): Promise<FusionWeight> {
  const wanted = options.queries ?? PSEUDO_QUESTIONS;
  const random = seededRandom(options.seed ?? 42);
  // chunks still waiting for their vectors (searched by their words meanwhile) cannot be measured
  const rows = shuffled(Array.from(corpus.rowsFor('naive')).filter((r) => !corpus.vectors.isRemoved(r)), random);

  const probes: Probe[] = [];
  const probeRows = new Set<number>();
  for (const row of rows) {
    if (probes.length >= wanted) break;
    const probe = probeOf(corpus.embeddedText(row), random);
    if (!probe) continue;
    probes.push(probe);
    probeRows.add(row);
  }
  if (probes.length < MIN_QUERIES) return { dense: DEFAULT_DENSE_WEIGHT, source: 'default' };

  const others = rows.filter((r) => !probeRows.has(r)).slice(0, options.pool ?? 2000);
  const questionVectors = await embedder.embed(probes.map((p) => p.question), 'query', options.signal);
  const restVectors = await embedder.embed(probes.map((p) => p.rest), 'passage', options.signal);

  // The answers take random rows of the pool, and their vectors the index's own storage, so that
  // nothing but their content sets them apart. An embedder blind to a language (GloVe reading
  // Chinese) gives every text one vector, and its top M of the tied pool were the first rows,
  // then the answers: RGB with GloVe trusted a meaningless embedding, and the default found almost
  // nothing BM25 found (docs/decisions/2026-11-26-fusion-weight-calibration.md).
  const size = probes.length + others.length;
  const slot = shuffled(Array.from({ length: size }, (_, i) => i), random);
  const answerRow = probes.map((_, i) => slot[i]);
  const pooled: { vector: Float32Array; text: string }[] = new Array(size);
  probes.forEach((p, i) => (pooled[slot[i]] = { vector: restVectors[i], text: p.rest }));
  others.forEach((r, j) => (pooled[slot[probes.length + j]] = { vector: corpus.vectors.vector(r), text: corpus.embeddedText(r) }));
  const vectors = new FlatVectorIndex(corpus.vectors.dimension, corpus.vectors.storage);
  vectors.add(pooled.map((p) => p.vector));
  const lexical = new LexicalIndex();
  pooled.forEach((p, row) => lexical.add(row, p.text));

  const m = options.m ?? 100;
  // reciprocal[g][q]: 1 / rank of probe q's chunk under weight GRID[g] (0 when not in the top m)
  const reciprocal = GRID.map(() => new Float64Array(probes.length));
  probes.forEach((probe, q) => {
    const dense = vectors.searchScored(questionVectors[q], m);
    const words = lexical.search(probe.question, m);
    GRID.forEach((w, g) => {
      const rank = fuseByScore(dense.hits, words, w, m, { denseZero: dense.mean }).findIndex((c) => c.row === answerRow[q]);
      if (rank >= 0) reciprocal[g][q] = 1 / (rank + 1);
    });
  });
  const mrr = reciprocal.map((rr) => rr.reduce((a, b) => a + b, 0) / probes.length);
  const { weight, preferred } = chooseWeight(reciprocal);
  return {
    dense: GRID[weight],
    source: 'calibrated',
    calibration: {
      queries: probes.length,
      mrrDense: mrr[GRID.length - 1],
      mrrLexical: mrr[0],
      mrrFused: mrr[weight],
      curve: mrr.map((v) => Math.round(v * 1000) / 1000),
      ...(preferred !== undefined ? { preferred: GRID[preferred] } : {}),
    },
  };
}

/**
 * The weight the pseudo-questions choose, as an index into GRID, given each weight's reciprocal
 * ranks over the same pseudo-questions (`reciprocal[g][q]`, GRID order: BM25 alone first, dense
 * alone last), and the weight they preferred before it was held at an even share, when it was.
 *
 * Of the weights they cannot tell from the best (one standard error of the paired differences),
 * the one nearest BM25 alone; and never more than an even share for the embedding. Pseudo-questions
 * are sentences of the text, worded as the chunk they come from is, and rate the embedding higher
 * than real questions do, which name what they ask about: on libraries cut from one dev set, a
 * share above even put the one-hop hybrid under its own BM25
 * ([record](../../../docs/decisions/2026-12-07-fusion-weight-across-libraries.md)). They can
 * tell that the embedding is worth less than the keywords, not that it is worth more. A library
 * whose words BM25 matches in none of them gets the embedding alone.
 */
export function chooseWeight(reciprocal: readonly Float64Array[]): { weight: number; preferred?: number } {
  const n = reciprocal[0]?.length ?? 0;
  const mrr = reciprocal.map((rr) => rr.reduce((a, b) => a + b, 0) / Math.max(1, n));
  const balanced = GRID.indexOf(DEFAULT_DENSE_WEIGHT);
  let best = balanced;
  mrr.forEach((value, g) => {
    // a tie goes to the weight nearer the balance: it assumes least about questions not yet seen
    const closer = Math.abs(g - balanced) < Math.abs(best - balanced);
    if (value > mrr[best] + 1e-9 || (Math.abs(value - mrr[best]) <= 1e-9 && closer)) best = g;
  });
  let chosen = best;
  for (let g = 0; g < best; g++) {
    if (!clearlyBetter(reciprocal[best], reciprocal[g])) {
      chosen = g;
      break;
    }
  }
  if (chosen <= balanced || mrr[0] === 0) return { weight: chosen };
  return { weight: balanced, preferred: chosen };
}

/** Whether a's mean exceeds b's by more than one standard error of their paired differences. */
function clearlyBetter(a: Float64Array, b: Float64Array): boolean {
  const n = a.length;
  if (n < 2) return false;
  const diff = Array.from(a, (x, i) => x - b[i]);
  const mean = diff.reduce((s, d) => s + d, 0) / n;
  const variance = diff.reduce((s, d) => s + (d - mean) ** 2, 0) / (n - 1);
  return mean > Math.sqrt(variance / n);
}

/** A sentence of the text long enough to ask with, and the text without it; none for a one-sentence text. */
function probeOf(text: string, random: () => number): Probe | undefined {
  const all = sentences(text);
  if (all.length < 2) return undefined;
  const usable = all.filter((s) => words(s).length >= MIN_WORDS);
  if (usable.length === 0) return undefined;
  const question = usable[Math.floor(random() * usable.length)];
  const at = text.indexOf(question);
  const rest = `${text.slice(0, at)}${text.slice(at + question.length)}`.trim();
  return words(rest).length >= MIN_WORDS ? { question, rest } : undefined;
}

function shuffled<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}
