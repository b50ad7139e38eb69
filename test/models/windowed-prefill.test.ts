import { AutoModelForCausalLM, AutoTokenizer, ones_like } from '@huggingface/transformers';
import type { PreTrainedModel, PreTrainedTokenizer, Tensor } from '@huggingface/transformers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/core/ports.ts';
import { configureModelSource } from '../../src/models/source.ts';
import { createTransformersGenerator } from '../../src/models/transformers-generator.ts';
import { keepsLastLogits, LOGITS_BUDGET_BYTES, prefillInWindows, prefillWindow } from '../../src/models/windowed-prefill.ts';
import { MODELS_DIR } from '../support/paths.ts';

describe('prefillWindow', () => {
  it('keeps one pass of float32 logits within the budget, with a floor, and no window for an unknown vocabulary', () => {
    const qwen = prefillWindow(151_936);
    expect(qwen).toBe(55);
    expect(qwen * 151_936 * 4).toBeLessThanOrEqual(LOGITS_BUDGET_BYTES);
    expect((qwen + 1) * 151_936 * 4).toBeGreaterThan(LOGITS_BUDGET_BYTES);
    expect(prefillWindow(10_000_000)).toBe(16);
    expect(prefillWindow(0)).toBe(Number.POSITIVE_INFINITY);
    expect(prefillWindow(151_936, true)).toBe(Number.POSITIVE_INFINITY);
  });
});

// tiny-random-qwen3: random weights, so equal replies and logits say the cache holds the same prompt.
// q4 (MatMulNBits) for the logits: the q8 file quantizes activations over the whole pass, so its
// logits move by about 3 % of their range with any change of pass length, windows or not.
describe('prefillInWindows with tiny-random-qwen3', () => {
  let tokenizer: PreTrainedTokenizer;
  let model: PreTrainedModel;
  /** How many tokens each forward pass of `model` read. */
  const passes: number[] = [];
  let ids: Tensor;

  beforeAll(async () => {
    configureModelSource({ kind: 'local', path: MODELS_DIR });
    [tokenizer, model] = await Promise.all([
      AutoTokenizer.from_pretrained('tiny-random-qwen3'),
      AutoModelForCausalLM.from_pretrained('tiny-random-qwen3', { dtype: 'q4', device: 'cpu' }),
    ]);
    const forward = model.forward.bind(model);
    model.forward = async (inputs: { input_ids: Tensor }) => {
      passes.push(inputs.input_ids.dims[1]);
      return forward(inputs);
    };
    const text = 'The data processor shall protect the data. 数据处理者应当履行数据安全保护义务。 '.repeat(12);
    ids = tokenizer(text, { add_special_tokens: false }).input_ids as Tensor;
  });

  it('reads all but the last window in passes of at most the window, and the cache then gives the one-pass logits', async () => {
    const length = ids.dims[1];
    expect(length).toBeGreaterThan(200);
    passes.length = 0;
    const cache = await prefillInWindows(model, ids, 40, () => false);
    expect(cache).toBeDefined();
    expect(passes.every((n) => n <= 40)).toBe(true);
    expect(passes.reduce((a, b) => a + b, 0)).toBe(length - 40);
    expect(cache!.get_seq_length()).toBe(length - 40);

    const rest = (await model.forward({ input_ids: ids.slice(null, [length - 40, length]), attention_mask: ones_like(ids), past_key_values: cache })) as { logits: Tensor };
    const whole = (await model.forward({ input_ids: ids, attention_mask: ones_like(ids) })) as { logits: Tensor };
    const last = (logits: Tensor) => Array.from(logits.slice(null, -1, null).data as Float32Array);
    const [a, b] = [last(rest.logits), last(whole.logits)];
    expect(a.length).toBe(151_936);
    let [scale, difference] = [0, 0];
    for (let i = 0; i < a.length; i++) {
      scale = Math.max(scale, Math.abs(b[i]));
      difference = Math.max(difference, Math.abs(a[i] - b[i]));
    }
    expect(scale).toBeGreaterThan(0);
    expect(difference).toBeLessThan(scale * 1e-4);
  });

  it("reads this export's decoder as one that writes every position's logits", () => {
    expect(keepsLastLogits(model)).toBe(false);
    const asked = { sessions: { model: { inputNames: ['input_ids', 'attention_mask', 'num_logits_to_keep'] } } } as unknown as PreTrainedModel;
    expect(keepsLastLogits(asked)).toBe(true);
  });

  it('reads nothing when the prompt fits one pass, and stops between passes when told', async () => {
    passes.length = 0;
    expect(await prefillInWindows(model, ids, ids.dims[1], () => false)).toBeUndefined();
    expect(passes).toEqual([]);
    expect(await prefillInWindows(model, ids, 40, () => passes.length > 0)).toBeUndefined();
    expect(passes).toEqual([40]);
  });

  it('gives the generator the same greedy reply as one pass', async () => {
    const messages: ChatMessage[] = [{ role: 'user', content: 'Data processors must protect data. 数据处理者应当履行数据安全保护义务。 '.repeat(10) }];
    const reply = async (prefillWindow: number) => {
      const generator = await createTransformersGenerator('tiny-random-qwen3', { prefillWindow });
      try {
        expect(await generator.countTokens(generator.renderPrompt(messages))).toBeGreaterThan(3 * 32);
        let text = '';
        for await (const piece of generator.stream(messages, { maxTokens: 30 })) text += piece;
        return text;
      } finally {
        await generator.dispose();
      }
    };
    const windowed = await reply(32);
    expect(windowed.length).toBeGreaterThan(0);
    expect(windowed).toBe(await reply(100_000));
  });
});
