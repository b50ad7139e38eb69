/**
 * The Embedder port over a transformers.js encoder (AutoTokenizer + AutoModel). Pooling, prefixes
 * and limits come from the registry; the model only supplies token vectors.
 */
import { AutoModel } from '@huggingface/transformers';
import type { PreTrainedModel, PreTrainedTokenizer, Tensor } from '@huggingface/transformers';
import { throwIfAborted } from '../core/util/abort.ts';
import type { EmbedRole, Embedder } from '../core/ports.ts';
import type { ModelInfo, Pooling } from './registry.ts';
import { encodeTruncated, floatData, lengthBatches, padBatch, specialLayout } from './token-batch.ts';
import type { EncoderInputs, SpecialLayout } from './token-batch.ts';
import { callModel, loadPretrained, numberField } from './transformers-load.ts';
import type { TransformersLoadOptions } from './transformers-load.ts';
import { unit } from './unit-vector.ts';

export interface TransformersEmbedderOptions extends TransformersLoadOptions {
  /** Texts per forward pass; larger is faster on GPU, costs memory on both. */
  batchSize?: number;
}

export interface TransformersEmbedder extends Embedder {
  readonly info: ModelInfo;
  dispose(): Promise<void>;
}

export async function createTransformersEmbedder(
  modelId: string,
  options: TransformersEmbedderOptions = {},
): Promise<TransformersEmbedder> {
  const { info, tokenizer, model, maxTokens } = await loadPretrained(modelId, 'embedder', options, AutoModel);
  const dimension = info.dimension ?? numberField(model.config, 'hidden_size');
  if (dimension === undefined) throw new Error(`Cannot tell the dimension of embedder "${modelId}".`);
  return new Encoder(
    { ...info, dimension, maxTokens },
    tokenizer,
    model,
    info.pooling ?? 'mean',
    options.batchSize ?? 32,
  );
}

class Encoder implements TransformersEmbedder {
  readonly id: string;
  readonly dimension: number;
  readonly maxTokens: number;
  readonly queryPrefix: string;
  readonly passagePrefix: string;
  readonly dtype: string;
  private readonly layout: SpecialLayout;

  constructor(
    readonly info: ModelInfo & { dimension: number },
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly model: PreTrainedModel,
    private readonly pooling: Pooling,
    private readonly batchSize: number,
  ) {
    this.id = info.id;
    this.dimension = info.dimension;
    this.maxTokens = info.maxTokens;
    this.queryPrefix = info.queryPrefix;
    this.passagePrefix = info.passagePrefix;
    this.dtype = info.dtype;
    this.layout = specialLayout(tokenizer);
  }

  async embed(texts: string[], role: EmbedRole, signal?: AbortSignal): Promise<Float32Array[]> {
    const prefix = role === 'query' ? this.queryPrefix : this.passagePrefix;
    const sequences = texts.map((t) => encodeTruncated(this.tokenizer, this.layout, prefix + t, this.maxTokens));
    const out = new Array<Float32Array>(texts.length);
    for (const batch of lengthBatches(sequences.map((s) => s.length), this.batchSize)) {
      throwIfAborted(signal, 'embedding');
      const inputs = padBatch(batch.map((i) => sequences[i]), numberField(this.tokenizer, 'pad_token_id') ?? 0);
      const vectors = await this.forward(inputs);
      batch.forEach((textIndex, row) => (out[textIndex] = vectors[row]));
    }
    return out;
  }

  async countTokens(texts: string[]): Promise<number[]> {
    return texts.map((t) => this.tokenizer.encode(t, { add_special_tokens: false }).length);
  }

  async dispose(): Promise<void> {
    await this.model.dispose();
  }

  private async forward(inputs: EncoderInputs): Promise<Float32Array[]> {
    const output = (await callModel(this.model, inputs)) as Record<string, Tensor | undefined>;
    const hidden = output.last_hidden_state ?? output.token_embeddings;
    if (!hidden) throw new Error(`Embedder "${this.id}" returned no token vectors.`);
    const [rows, cols, width] = hidden.dims;
    if (width !== this.dimension) {
      throw new Error(`Embedder "${this.id}" returned ${width}-d vectors, the registry says ${this.dimension}.`);
    }
    const data = floatData(hidden);
    const mask = inputs.attention_mask.data as BigInt64Array;
    const vectors: Float32Array[] = [];
    for (let r = 0; r < rows; r++) {
      vectors.push(unit(pool(data, mask, r, cols, width, this.pooling)));
    }
    return vectors;
  }
}

function pool(data: Float32Array, mask: BigInt64Array, row: number, cols: number, width: number, pooling: Pooling): Float32Array {
  const v = new Float32Array(width);
  if (pooling === 'cls') {
    v.set(data.subarray(row * cols * width, row * cols * width + width));
    return v;
  }
  let count = 0;
  for (let c = 0; c < cols; c++) {
    if (mask[row * cols + c] === 0n) continue;
    count++;
    const offset = (row * cols + c) * width;
    for (let d = 0; d < width; d++) v[d] += data[offset + d];
  }
  if (count > 0) for (let d = 0; d < width; d++) v[d] /= count;
  return v;
}
