import { AutoModelForCausalLM, AutoTokenizer } from '@huggingface/transformers';
import type { PreTrainedModel, PreTrainedTokenizer, Tensor } from '@huggingface/transformers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, GenerateOptions } from '../../src/core/ports.ts';
import { configureModelSource } from '../../src/models/source.ts';
import { createTransformersGenerator, loadTokenCounter } from '../../src/models/transformers-generator.ts';
import type { TransformersGenerator } from '../../src/models/transformers-generator.ts';
import { MODELS_DIR } from '../support/paths.ts';

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

async function reply(generator: TransformersGenerator, messages: ChatMessage[], options: GenerateOptions): Promise<string> {
  return (await collect(generator.stream(messages, options))).join('');
}

// tiny-random-qwen3: the real Qwen3 tokenizer and chat template, random weights (gibberish text).
describe('transformers.js generator with tiny-random-qwen3', () => {
  let generator: TransformersGenerator;
  let tokenizer: PreTrainedTokenizer;
  // The same model loaded directly, to decode a whole greedy reply without the adapter's streamer.
  let model: PreTrainedModel;
  const messages: ChatMessage[] = [
    { role: 'system', content: 'Answer from the sources. 只根据资料回答。' },
    { role: 'user', content: '数据处理者有哪些义务？ Cite [1].' },
  ];

  beforeAll(async () => {
    configureModelSource({ kind: 'local', path: MODELS_DIR });
    [generator, tokenizer, model] = await Promise.all([
      createTransformersGenerator('tiny-random-qwen3'), // q8 = model_quantized.onnx
      AutoTokenizer.from_pretrained('tiny-random-qwen3'),
      AutoModelForCausalLM.from_pretrained('tiny-random-qwen3', { dtype: 'q8', device: 'cpu' }),
    ]);
  });

  it('renders the Qwen3 chat template with the messages and thinking switched off', async () => {
    const prompt = generator.renderPrompt(messages);
    expect(prompt).toContain('<|im_start|>system\nAnswer from the sources. 只根据资料回答。<|im_end|>');
    expect(prompt).toContain('<|im_start|>user\n数据处理者有哪些义务？ Cite [1].<|im_end|>');
    expect(prompt.endsWith('<|im_start|>assistant\n<think>\n\n</think>\n\n')).toBe(true);
    // A registry entry without the switch leaves the template's default (thinking on) alone.
    const plain = await createTransformersGenerator('tiny-random-qwen3', { info: { thinkingSwitch: false } });
    try {
      expect(plain.renderPrompt(messages).endsWith('<|im_start|>assistant\n')).toBe(true);
    } finally {
      await plain.dispose();
    }
  });

  it('streams several non-empty pieces that add up to the non-streamed greedy reply', async () => {
    const options = { maxTokens: 40, temperature: 0 };
    const pieces = await collect(generator.stream(messages, options));
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces) expect(piece.length).toBeGreaterThan(0);
    const inputs = tokenizer(generator.renderPrompt(messages), { add_special_tokens: false });
    const output = (await model.generate({ ...inputs, max_new_tokens: 40, do_sample: false })) as Tensor;
    const ids = (output.tolist() as bigint[][])[0].slice(inputs.input_ids.dims[1]);
    const whole = tokenizer.decode(ids, { skip_special_tokens: true });
    expect(whole.length).toBeGreaterThan(0);
    expect(pieces.join('')).toBe(whole);
  });

  it('stops at maxTokens', async () => {
    const tokens = async (maxTokens: number) =>
      generator.countTokens(await reply(generator, messages, { maxTokens, temperature: 0 }));
    const five = await tokens(5);
    expect(five).toBeGreaterThan(0);
    expect(five).toBeLessThanOrEqual(6); // decoding then re-encoding may merge or split one token
    expect(await tokens(30)).toBeGreaterThan(five);
  });

  it('ends the stream early, without throwing, when aborted after the first piece', async () => {
    const full = await collect(generator.stream(messages, { maxTokens: 60 }));
    const controller = new AbortController();
    const pieces: string[] = [];
    for await (const piece of generator.stream(messages, { maxTokens: 60, signal: controller.signal })) {
      pieces.push(piece);
      controller.abort();
    }
    expect(pieces).toHaveLength(1);
    expect(full.length).toBeGreaterThan(3);
    // The model is free again right away and still produces the same greedy reply.
    expect((await collect(generator.stream(messages, { maxTokens: 60 }))).join('')).toBe(full.join(''));
  });

  it('yields nothing for an already aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await collect(generator.stream(messages, { signal: controller.signal }))).toEqual([]);
  });

  it('stops generating when the reader breaks out of the loop', async () => {
    for await (const piece of generator.stream(messages, { maxTokens: 200 })) {
      expect(piece.length).toBeGreaterThan(0);
      break;
    }
    // A second call only starts once the first generation has stopped; it must not hang.
    expect((await collect(generator.stream(messages, { maxTokens: 5 }))).length).toBeGreaterThan(0);
  });

  it('samples with a temperature, repeatably for a fixed seed', async () => {
    const a = await reply(generator, messages, { maxTokens: 20, temperature: 1, seed: 7 });
    const b = await reply(generator, messages, { maxTokens: 20, temperature: 1, seed: 7 });
    const greedy = await reply(generator, messages, { maxTokens: 20, temperature: 0 });
    expect(a).toBe(b);
    expect(a).not.toBe(greedy);
  });

  it('counts tokens with the Qwen tokenizer and reports its context window', async () => {
    expect(await generator.countTokens('')).toBe(0);
    expect(await generator.countTokens('<|im_start|>')).toBe(1);
    const text = '数据处理者应当履行数据安全保护义务。 Data processors must protect data.';
    expect(await generator.countTokens(text)).toBe(tokenizer.encode(text, { add_special_tokens: false }).length);
    expect(generator.contextTokens).toBe(4096);
  });

  it('counts tokens from the tokenizer alone exactly as the loaded model does', async () => {
    const count = await loadTokenCounter('tiny-random-qwen3');
    for (const text of ['', '<|im_start|>', '数据处理者应当履行数据安全保护义务。 Data processors must protect data.']) {
      expect(count(text)).toBe(await generator.countTokens(text));
    }
  });

  it('builds the tokenizer once for the counter and every load of the model', async () => {
    // the model was loaded above: neither the counter nor a second load of it builds another
    const built = vi.spyOn(AutoTokenizer, 'from_pretrained');
    try {
      const count = await loadTokenCounter('tiny-random-qwen3');
      const again = await createTransformersGenerator('tiny-random-qwen3');
      try {
        expect(count('Data processors must protect data.')).toBe(await again.countTokens('Data processors must protect data.'));
        expect(built).not.toHaveBeenCalled();
      } finally {
        await again.dispose();
      }
    } finally {
      built.mockRestore();
    }
  });
});
