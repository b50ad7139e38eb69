/**
 * Tokenizing for encoder models (embedders, cross-encoders) with truncation that keeps the closing
 * special token. transformers.js 4.3.1 truncates by cutting the tail, which drops `[SEP]`/`</s>`
 * from long inputs: the model then sees a sequence shape it was never trained on.
 */
import { Tensor } from '@huggingface/transformers';
import type { PreTrainedTokenizer } from '@huggingface/transformers';

/** The special tokens a tokenizer wraps around a single text, e.g. `[CLS] … [SEP]`. */
export interface SpecialLayout {
  prefix: number;
  suffix: number[];
}

export function specialLayout(tokenizer: PreTrainedTokenizer): SpecialLayout {
  // A probe word whose plain ids appear inside the wrapped ids shows where the wrapping is.
  const probe = 'hello';
  const plain = tokenizer.encode(probe, { add_special_tokens: false });
  const wrapped = tokenizer.encode(probe, { add_special_tokens: true });
  for (let start = 0; start + plain.length <= wrapped.length; start++) {
    if (plain.every((id, i) => wrapped[start + i] === id)) {
      return { prefix: start, suffix: wrapped.slice(start + plain.length) };
    }
  }
  return { prefix: 0, suffix: [] };
}

/** Ids of `text` with special tokens, at most `maxTokens` long, closing tokens kept. */
export function encodeTruncated(
  tokenizer: PreTrainedTokenizer,
  layout: SpecialLayout,
  text: string,
  maxTokens: number,
): number[] {
  const ids = tokenizer.encode(text, { add_special_tokens: true });
  if (ids.length <= maxTokens) return ids;
  const keep = Math.max(layout.prefix, maxTokens - layout.suffix.length);
  return [...ids.slice(0, keep), ...layout.suffix];
}

export interface EncoderInputs {
  input_ids: Tensor;
  attention_mask: Tensor;
  /** Segment ids, for pairs of a tokenizer that makes them (padding gets 0, as transformers.js pads). */
  token_type_ids?: Tensor;
}

/** Right-padded int64 tensors for a batch of id sequences (and their segment ids, when given). */
export function padBatch(sequences: number[][], padId: number, types?: number[][]): EncoderInputs {
  const rows = sequences.length;
  const cols = Math.max(1, ...sequences.map((s) => s.length));
  const ids = new BigInt64Array(rows * cols).fill(BigInt(padId));
  const mask = new BigInt64Array(rows * cols);
  const typeIds = types ? new BigInt64Array(rows * cols) : undefined;
  sequences.forEach((seq, r) => {
    seq.forEach((id, c) => {
      ids[r * cols + c] = BigInt(id);
      mask[r * cols + c] = 1n;
      if (typeIds && types) typeIds[r * cols + c] = BigInt(types[r][c]);
    });
  });
  const inputs: EncoderInputs = {
    input_ids: new Tensor('int64', ids, [rows, cols]),
    attention_mask: new Tensor('int64', mask, [rows, cols]),
  };
  if (typeIds) inputs.token_type_ids = new Tensor('int64', typeIds, [rows, cols]);
  return inputs;
}

/**
 * Indices grouped into batches of similar length, so short texts are not padded to the longest
 * text of the whole call. Results are put back in input order by the caller.
 */
export function lengthBatches(lengths: number[], batchSize: number): number[][] {
  const order = lengths.map((_, i) => i).sort((a, b) => lengths[a] - lengths[b]);
  const batches: number[][] = [];
  for (let i = 0; i < order.length; i += batchSize) batches.push(order.slice(i, i + batchSize));
  return batches;
}

/** The float32 contents of an output tensor (fp16 models return float16). */
export function floatData(tensor: Tensor): Float32Array {
  const t = tensor.type === 'float32' ? tensor : tensor.to('float32');
  return t.data as Float32Array;
}
