/**
 * The Reranker port over a transformers.js cross-encoder (AutoTokenizer +
 * AutoModelForSequenceClassification). Scores are raw logits: the text-classification pipeline
 * would apply a sigmoid/softmax and, for a single-label model, return 1 for every pair.
 */
import { AutoModelForSequenceClassification } from '@huggingface/transformers';
import type { PreTrainedModel, PreTrainedTokenizer, Tensor } from '@huggingface/transformers';
import { throwIfAborted } from '../core/util/abort.ts';
import type { Reranker } from '../core/ports.ts';
import type { ModelInfo } from './registry.ts';
import { floatData, padBatch } from './token-batch.ts';
import type { EncoderInputs } from './token-batch.ts';
import { encodePairs, pairLayout } from './token-pairs.ts';
import type { PairLayout } from './token-pairs.ts';
import { callModel, loadPretrained, numberField } from './transformers-load.ts';
import type { TransformersLoadOptions } from './transformers-load.ts';

export interface TransformersRerankerOptions extends TransformersLoadOptions {
  /** Pairs per forward pass. Cross-encoders see query + passage, so batches are heavier than embedding. */
  batchSize?: number;
}

export interface TransformersReranker extends Reranker {
  readonly info: ModelInfo;
  readonly maxTokens: number;
  dispose(): Promise<void>;
}

export async function createTransformersReranker(
  modelId: string,
  options: TransformersRerankerOptions = {},
): Promise<TransformersReranker> {
  const { info, tokenizer, model, maxTokens } = await loadPretrained(
    modelId,
    'reranker',
    options,
    AutoModelForSequenceClassification,
  );
  return new CrossEncoder(info, tokenizer, model, maxTokens, options.batchSize ?? 16);
}

class CrossEncoder implements TransformersReranker {
  readonly id: string;
  private readonly layout: PairLayout;

  constructor(
    readonly info: ModelInfo,
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly model: PreTrainedModel,
    readonly maxTokens: number,
    private readonly batchSize: number,
  ) {
    this.id = info.id;
    this.layout = pairLayout(tokenizer);
  }

  async score(query: string, passages: string[], signal?: AbortSignal): Promise<number[]> {
    const scores: number[] = [];
    for (const inputs of this.batches(query, passages)) {
      throwIfAborted(signal, 'reranking');
      const output = (await callModel(this.model, inputs)) as { logits?: Tensor };
      if (!output.logits) throw new Error(`Reranker "${this.id}" returned no logits.`);
      scores.push(...relevance(output.logits));
    }
    return scores;
  }

  async dispose(): Promise<void> {
    await this.model.dispose();
  }

  /** Model inputs of the pairs, `batchSize` pairs each. */
  private batches(query: string, passages: string[]): EncoderInputs[] {
    const pairs = encodePairs(this.tokenizer, this.layout, query, passages, this.maxTokens);
    const padId = numberField(this.tokenizer, 'pad_token_id') ?? 0;
    const batches: EncoderInputs[] = [];
    // Batches keep the input order: q8 models quantize activations per batch, so grouping pairs
    // by length (as the embedder does) would change their scores.
    for (let start = 0; start < pairs.length; start += this.batchSize) {
      const batch = pairs.slice(start, start + this.batchSize);
      const types = this.layout.types ? batch.map((p) => p.types ?? []) : undefined;
      batches.push(padBatch(batch.map((p) => p.ids), padId, types));
    }
    return batches;
  }
}

/** One score per row: the logit of a single-label model, else the last label's (the "relevant" one). */
function relevance(logits: Tensor): number[] {
  const [rows, labels] = logits.dims;
  const data = floatData(logits);
  return Array.from({ length: rows }, (_, r) => data[r * labels + labels - 1]);
}
