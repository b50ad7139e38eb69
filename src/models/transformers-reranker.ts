/**
 * The Reranker port over a transformers.js cross-encoder (AutoTokenizer +
 * AutoModelForSequenceClassification). Scores are raw logits: the text-classification pipeline
 * would apply a sigmoid/softmax and, for a single-label model, return 1 for every pair.
 */
import { AutoModelForSequenceClassification, AutoTokenizer } from '@huggingface/transformers';
import type { PreTrainedModel, PreTrainedTokenizer, Tensor } from '@huggingface/transformers';
import { throwIfAborted } from '../core/util/abort.ts';
import type { Reranker } from '../core/ports.ts';
import type { ModelInfo } from './registry.ts';
import { floatData } from './token-batch.ts';
import { callModel, configNumber, pretrainedOptions, resolveInfo } from './transformers-load.ts';
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
  const info = resolveInfo(modelId, 'reranker', options);
  const loadOptions = pretrainedOptions(info, options);
  const [tokenizer, model] = await Promise.all([
    AutoTokenizer.from_pretrained(info.repo, { progress_callback: loadOptions.progress_callback }),
    AutoModelForSequenceClassification.from_pretrained(info.repo, loadOptions),
  ]);
  const maxTokens = Math.min(
    info.maxTokens,
    typeof tokenizer.model_max_length === 'number' ? tokenizer.model_max_length : Infinity,
    configNumber(model.config, 'max_position_embeddings') ?? Infinity,
  );
  return new CrossEncoder(info, tokenizer, model, maxTokens, options.batchSize ?? 16);
}

/** Room for the special tokens of a pair (`<s> q </s></s> p </s>` is the widest common layout). */
const PAIR_SPECIAL_TOKENS = 4;

class CrossEncoder implements TransformersReranker {
  readonly id: string;

  constructor(
    readonly info: ModelInfo,
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly model: PreTrainedModel,
    readonly maxTokens: number,
    private readonly batchSize: number,
  ) {
    this.id = info.id;
  }

  async score(query: string, passages: string[], signal?: AbortSignal): Promise<number[]> {
    const budget = this.maxTokens - PAIR_SPECIAL_TOKENS;
    // The query keeps at most half the budget so that a long question cannot crowd out the passage.
    const q = this.clip(query, Math.floor(budget / 2));
    const qTokens = this.count(q);
    const clipped = passages.map((p) => this.clip(p, budget - qTokens));
    const scores: number[] = [];
    for (let start = 0; start < clipped.length; start += this.batchSize) {
      throwIfAborted(signal, 'reranking');
      const batch = clipped.slice(start, start + this.batchSize);
      const inputs = this.tokenizer(
        batch.map(() => q),
        { text_pair: batch, padding: true, truncation: true, max_length: this.maxTokens },
      );
      const output = (await callModel(this.model, inputs)) as { logits?: Tensor };
      if (!output.logits) throw new Error(`Reranker "${this.id}" returned no logits.`);
      scores.push(...relevance(output.logits));
    }
    return scores;
  }

  async dispose(): Promise<void> {
    await this.model.dispose();
  }

  private count(text: string): number {
    return this.tokenizer.encode(text, { add_special_tokens: false }).length;
  }

  /**
   * Cuts a text to `limit` tokens by decoding the kept tokens back to text. Pairs are cut here,
   * before pairing, because transformers.js truncation chops the end of the pair and with it the
   * closing separator.
   */
  private clip(text: string, limit: number): string {
    const ids = this.tokenizer.encode(text, { add_special_tokens: false });
    if (ids.length <= limit) return text;
    return this.tokenizer.decode(ids.slice(0, Math.max(0, limit)), { skip_special_tokens: true });
  }
}

/** One score per row: the logit of a single-label model, else the last label's (the "relevant" one). */
function relevance(logits: Tensor): number[] {
  const [rows, labels] = logits.dims;
  const data = floatData(logits);
  return Array.from({ length: rows }, (_, r) => data[r * labels + labels - 1]);
}
