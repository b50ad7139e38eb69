/**
 * Reading a long prompt into the model's cache a window at a time, before the reply starts.
 *
 * A causal LM's ONNX export without a `num_logits_to_keep` input (the tiny Qwen3 here, and exports
 * like it) writes logits for every prompt position: n × vocabulary × 4 bytes, over half a megabyte
 * a token with Qwen's vocabulary. Read in one pass, a long prompt wrote gigabytes into
 * onnxruntime-web's WebAssembly memory, which never shrinks: the LLM worker was most of a tab's memory
 * (docs/decisions/2026-12-02-library-memory.md). In windows, one pass's logits stay within
 * LOGITS_BUDGET_BYTES whatever the prompt's length; the cache carries the positions before it, so
 * the model reads the same prompt.
 */
import { DynamicCache, ones_like } from '@huggingface/transformers';
import type { PreTrainedModel, Tensor } from '@huggingface/transformers';

/** The most one prefill pass may write as logits (float32). */
export const LOGITS_BUDGET_BYTES = 32 * 1024 * 1024;

/** Fewer tokens a pass than this and a real model's matrix products lose their width. */
const MIN_WINDOW = 16;

/**
 * Prompt tokens a pass may read, for a model with this many words (0: unknown, no window); none
 * for an export that computes only the last position's logits when asked (`keepsLastLogits`),
 * where one pass costs no more memory than a window would and reads the weights once.
 */
export function prefillWindow(vocabularySize: number, keepsLastLogits = false): number {
  if (vocabularySize <= 0 || keepsLastLogits) return Number.POSITIVE_INFINITY;
  return Math.max(MIN_WINDOW, Math.floor(LOGITS_BUDGET_BYTES / (vocabularySize * 4)));
}

/**
 * Reads all of `inputIds` (one row) but its last `window` tokens or fewer into a new cache, one
 * window per pass, and returns it for `generate`, which then reads only the rest
 * (transformers.js slices the tokens the cache already holds). Returns undefined when the prompt
 * fits one pass, or when `stopped` says the reply was cancelled between two passes.
 *
 * Each pass is a one-token `generate` over the prompt so far with the cache: the library's own path
 * for reusing a cache, so the positions, the attention mask and the cache's names are its own.
 */
export async function prefillInWindows(
  model: PreTrainedModel,
  inputIds: Tensor,
  window: number,
  stopped: () => boolean,
): Promise<DynamicCache | undefined> {
  const length = inputIds.dims.at(-1) ?? 0;
  if (length <= window) return undefined;
  const cache = new DynamicCache();
  // the last window (1 to `window` tokens) is left to generate, which needs at least one to read
  const cached = length - window;
  for (let end = Math.min(window, cached); ; end = Math.min(end + window, cached)) {
    if (stopped()) {
      await cache.dispose();
      return undefined;
    }
    const prefix = inputIds.slice(null, [0, end]);
    await model.generate({ input_ids: prefix, attention_mask: ones_like(prefix), past_key_values: cache, max_new_tokens: 1, do_sample: false });
    if (end === cached) return cache;
  }
}

/** Whether the model's decoder takes `num_logits_to_keep`, which transformers.js sets to 1 for generation. */
export function keepsLastLogits(model: PreTrainedModel): boolean {
  const sessions = (model as unknown as { sessions?: Record<string, { inputNames?: readonly string[] } | undefined> }).sessions;
  const decoder = sessions?.['decoder_model_merged'] ?? sessions?.['model'];
  return decoder?.inputNames?.includes('num_logits_to_keep') ?? false;
}
