/**
 * The Generator port over a transformers.js causal LM (AutoTokenizer + AutoModelForCausalLM).
 *
 * `jsonSchema` is ignored here: transformers.js 4.3.1 has no constrained decoding, so JSON comes
 * from the prompt alone and the core's tolerant parser (src/core/preparse/extract-json.ts) copes
 * with what the model writes. web-llm (webllm-generator.ts) does constrain it.
 */
import {
  AutoModelForCausalLM,
  AutoTokenizer,
  InterruptableStoppingCriteria,
  TextStreamer,
  random,
} from '@huggingface/transformers';
import type { PreTrainedModel, PreTrainedTokenizer, Tensor } from '@huggingface/transformers';
import type { ChatMessage, GenerateOptions, Generator } from '../core/ports.ts';
import { AsyncQueue } from './async-queue.ts';
import type { ModelInfo } from './registry.ts';
import { configNumber, pretrainedOptions, resolveInfo } from './transformers-load.ts';
import type { TransformersLoadOptions } from './transformers-load.ts';

/** Reply length when the caller does not say: enough for a cited answer, short enough for CPU. */
const DEFAULT_MAX_TOKENS = 512;

export interface TransformersGenerator extends Generator {
  readonly info: ModelInfo;
  /** The exact prompt text the model sees for these messages. */
  renderPrompt(messages: ChatMessage[]): string;
  /** The whole reply at once, decoded from the generated ids (no streamer involved). */
  complete(messages: ChatMessage[], options?: GenerateOptions): Promise<string>;
  dispose(): Promise<void>;
}

export async function createTransformersGenerator(
  modelId: string,
  options: TransformersLoadOptions = {},
): Promise<TransformersGenerator> {
  const info = resolveInfo(modelId, 'generator', options);
  const loadOptions = pretrainedOptions(info, options);
  const [tokenizer, model] = await Promise.all([
    AutoTokenizer.from_pretrained(info.repo, { progress_callback: loadOptions.progress_callback }),
    AutoModelForCausalLM.from_pretrained(info.repo, loadOptions),
  ]);
  const contextTokens = Math.min(
    info.contextTokens ?? info.maxTokens,
    configNumber(model.config, 'max_position_embeddings') ?? Infinity,
  );
  return new CausalLM(info, tokenizer, model, contextTokens);
}

/**
 * The chat template rendered to text, ending with the assistant turn's opening. Models whose
 * template has a thinking switch (Qwen3) get `enable_thinking: false`: Loci wants the answer, and
 * a small model's reasoning mostly eats the token budget.
 */
export function renderPrompt(
  tokenizer: PreTrainedTokenizer,
  messages: ChatMessage[],
  thinkingSwitch = templateHasThinkingSwitch(tokenizer),
): string {
  // Extra keys are passed to the Jinja template as variables (4.3.1 spreads unknown options into
  // the render context); a variable rather than a literal because the typings do not list them.
  const templateOptions = {
    tokenize: false as const,
    add_generation_prompt: true,
    ...(thinkingSwitch ? { enable_thinking: false } : {}),
  };
  return tokenizer.apply_chat_template(messages, templateOptions);
}

function templateHasThinkingSwitch(tokenizer: PreTrainedTokenizer): boolean {
  const template: unknown = tokenizer.chat_template;
  return typeof template === 'string' && template.includes('enable_thinking');
}

class CausalLM implements TransformersGenerator {
  readonly id: string;
  private readonly thinkingSwitch: boolean;
  /** One generation at a time: the KV cache and ONNX session are not shared safely. */
  private tail: Promise<void> = Promise.resolve();

  constructor(
    readonly info: ModelInfo,
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly model: PreTrainedModel,
    readonly contextTokens: number,
  ) {
    this.id = info.id;
    this.thinkingSwitch = info.thinkingSwitch ?? templateHasThinkingSwitch(tokenizer);
  }

  renderPrompt(messages: ChatMessage[]): string {
    return renderPrompt(this.tokenizer, messages, this.thinkingSwitch);
  }

  async countTokens(text: string): Promise<number> {
    return this.tokenizer.encode(text, { add_special_tokens: false }).length;
  }

  async *stream(messages: ChatMessage[], options: GenerateOptions = {}): AsyncIterable<string> {
    const { signal } = options;
    if (signal?.aborted) return;
    const queue = new AsyncQueue<string>();
    const streamer = new TextStreamer(this.tokenizer, {
      skip_prompt: true,
      skip_special_tokens: true,
      callback_function: (text: string) => queue.push(text),
    });
    const stopper = new InterruptableStoppingCriteria();
    const release = await this.acquire();
    // Closing the queue on abort wakes a reader waiting for the next piece right away.
    const unhook = onAbort(signal, () => {
      stopper.interrupt();
      queue.close();
    });
    let done: Promise<void> = Promise.resolve();
    try {
      if (signal?.aborted) return;
      done = this.generate(messages, options, stopper, streamer).then(
        () => queue.close(),
        (error: unknown) => queue.fail(error),
      );
      for await (const piece of queue) {
        if (signal?.aborted) return;
        yield piece;
      }
    } finally {
      // Reached on normal end, on abort, and when the reader stops early (break/return).
      stopper.interrupt();
      unhook();
      await done;
      release();
    }
  }

  async complete(messages: ChatMessage[], options: GenerateOptions = {}): Promise<string> {
    const stopper = new InterruptableStoppingCriteria();
    const release = await this.acquire();
    const unhook = onAbort(options.signal, () => stopper.interrupt());
    try {
      if (options.signal?.aborted) return '';
      const { output, promptLength } = await this.generate(messages, options, stopper);
      const ids = (output.tolist() as bigint[][])[0].slice(promptLength);
      return this.tokenizer.decode(ids, { skip_special_tokens: true });
    } finally {
      unhook();
      release();
    }
  }

  async dispose(): Promise<void> {
    await this.tail;
    await this.model.dispose();
  }

  private async generate(
    messages: ChatMessage[],
    options: GenerateOptions,
    stopper: InterruptableStoppingCriteria,
    streamer?: TextStreamer,
  ): Promise<{ output: Tensor; promptLength: number }> {
    const inputs = this.tokenizer(this.renderPrompt(messages), { add_special_tokens: false });
    const promptLength = inputs.input_ids.dims.at(-1) ?? 0;
    const room = this.contextTokens - promptLength;
    if (room <= 0) {
      throw new Error(`Prompt of ${promptLength} tokens leaves no room in the ${this.contextTokens}-token context.`);
    }
    const output = await this.model.generate({
      ...inputs,
      ...samplingParams(options),
      max_new_tokens: Math.min(options.maxTokens ?? DEFAULT_MAX_TOKENS, room),
      stopping_criteria: stopper,
      ...(streamer ? { streamer } : {}),
    });
    // Without return_dict_in_generate, generate() resolves to the sequences tensor.
    return { output: output as Tensor, promptLength };
  }

  private async acquire(): Promise<() => void> {
    const previous = this.tail;
    let release: () => void = () => {};
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    return release;
  }
}

/** Temperature 0 or unset means greedy decoding (reproducible answers); above 0 samples. */
function samplingParams(options: GenerateOptions): { do_sample: boolean; temperature?: number; top_p?: number } {
  const temperature = options.temperature ?? 0;
  if (temperature <= 0) return { do_sample: false };
  // transformers.js samples from one process-wide PRNG; seeding it makes a run repeatable.
  if (options.seed !== undefined) random.seed(options.seed);
  return { do_sample: true, temperature, top_p: options.topP ?? 1 };
}

/** Calls `handler` once when `signal` aborts; returns the unhook. */
function onAbort(signal: AbortSignal | undefined, handler: () => void): () => void {
  if (!signal) return () => {};
  signal.addEventListener('abort', handler, { once: true });
  return () => signal.removeEventListener('abort', handler);
}
