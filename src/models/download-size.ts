/**
 * How much a model's files weigh in each dtype chooseDtype may load, for the settings' "this will
 * download N MB": the registry gives only its default file's size. Rounded MB, like the registry's.
 *
 * Where the numbers come from:
 * - the tiny local models: their files in ../shared/models;
 * - the encoders' fp32 and fp16 files: their weights at 4 and 2 bytes each, where the registry's
 *   q8 size is one byte a weight (e5-small has 118 M parameters, bge-small 33 M, mpnet 109 M,
 *   bge-reranker-base 278 M), not read off the hub;
 * - Qwen2.5-0.5B-Instruct's q8 file: 512 MB, the figure issue 39 gives.
 * The other generator files (the q8 and q4 files of Qwen2.5-1.5B and Qwen3-0.6B, Qwen2.5-0.5B's
 * q4) and web-llm's MLC builds could not be looked up from here: their size is not known.
 */
import type { ModelDtype, ModelInfo } from './registry.ts';

const SIZES_MB: Readonly<Record<string, Partial<Record<ModelDtype, number>>>> = {
  'glove-static-en-100d': { fp32: 24 },
  'tiny-lexical-bert-zh': { fp32: 11.4 },
  'tiny-random-bert-reranker-zh': { fp32: 5.8 },
  'tiny-random-qwen3': { q4: 11.6, q4f16: 6.4 },
  'Xenova/multilingual-e5-small': { fp32: 472, fp16: 236 },
  'Xenova/bge-small-en-v1.5': { fp32: 134 },
  'Xenova/multi-qa-mpnet-base-cos-v1': { fp32: 438 },
  'Xenova/bge-reranker-base': { fp32: 1112, fp16: 556 },
  'onnx-community/Qwen2.5-0.5B-Instruct': { q8: 512 },
};

/** MB of `model`'s `dtype` file (the registry's size for its default), or undefined when not known. */
export function downloadSizeMB(model: Pick<ModelInfo, 'id' | 'dtype' | 'sizeMB'>, dtype: ModelDtype): number | undefined {
  if (dtype === model.dtype) return model.sizeMB;
  return SIZES_MB[model.id]?.[dtype];
}
