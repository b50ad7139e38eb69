/**
 * The Generator port over a transformers.js causal LM (AutoTokenizer + AutoModelForCausalLM).
 *
 * `jsonSchema` is ignored here: transformers.js 4.3.1 has no constrained decoding, so JSON comes
 * from the prompt alone and the core's tolerant parser (src/core/preparse/extract-json.ts) copes
 * with what the model writes. web-llm (webllm-generator.ts) does constrain it.
 */
import { AutoModelForCausalLM, AutoTokenizer, InterruptableStoppingCriteria, TextStreamer, random } from '@huggingface/transformers';
import type { PreTrainedModel, PreTrainedTokenizer, PretrainedModelOptions, Tensor } from '@huggingface/transformers';
import type { ChatMessage, GenerateOptions, Generator } from '../core/ports.ts';
import { AsyncQueue } from './async-queue.ts';
import type { ModelInfo } from './registry.ts';
import { loadPretrained, resolveInfo } from './transformers-load.ts';
import type { TransformersLoadOptions } from './transformers-load.ts';
import { keepsLastLogits, prefillInWindows, prefillWindow } from './windowed-prefill.ts';
import { TurnLock } from './turn-lock.ts';

/** Reply length when the caller does not say: enough for a cited answer, short enough for CPU. */
const DEFAULT_MAX_TOKENS = 512;

export interface TransformersGenerator extends Generator {
  readonly info: ModelInfo;
  /**
   * The exact prompt text the model sees for these messages. Public because the chat template
   * (and whether thinking is switched off) cannot be seen in a tiny test model's gibberish output.
   */
  renderPrompt(messages: ChatMessage[]): string;
  dispose(): Promise<void>;
}

export interface TransformersGeneratorOptions extends TransformersLoadOptions {
  /**
   * Prompt tokens read per pass before the reply starts (windowed-prefill.ts). Unset: as many as
   * keep one pass's logits within a fixed budget for this model's vocabulary, or the whole prompt
   * when its export computes the last position's logits alone.
   */
  prefillWindow?: number;
}

export async function createTransformersGenerator(
  modelId: string,
  options: TransformersGeneratorOptions = {},
): Promise<TransformersGenerator> {
  const { info, tokenizer, model, maxTokens } = await loadPretrained(
    modelId,
    'generator',
    options,
    AutoModelForCausalLM,
    generatorTokenizer,
  );
  const window = options.prefillWindow ?? prefillWindow(vocabularySize(model), keepsLastLogits(model));
  return new CausalLM(info, tokenizer, model, maxTokens, window);
}

function vocabularySize(model: PreTrainedModel): number {
  const size: unknown = (model.config as { vocab_size?: unknown }).vocab_size;
  return typeof size === 'number' && size > 0 ? size : 0;
}

/**
 * The generator's token count from its tokenizer alone (megabytes, where the weights are hundreds):
 * what packing a question's sources needs, while the weights still load. Counts as the loaded
 * model's `countTokens` does.
 */
export async function loadTokenCounter(modelId: string, options: TransformersLoadOptions = {}): Promise<(text: string) => number> {
  const info = resolveInfo(modelId, 'generator', options);
  const tokenizer = await generatorTokenizer(info.repo);
  return (text) => tokenCount(tokenizer, text);
}

/**
 * Each generator's tokenizer, built once per worker for both the counter above and the model: the
 * app asks for the counter first and the model after it, and Qwen's large tokenizer.json is
 * costly to build each time (docs/decisions/2026-12-02-test-suite-time.md#what-was-changed-and-why).
 * A failed load (offline) is not kept, so the next call fetches again.
 */
const tokenizers = new Map<string, Promise<PreTrainedTokenizer>>();

/** `progress` hears the tokenizer's download when this call is the one that fetches it. */
function generatorTokenizer(repo: string, progress?: PretrainedModelOptions['progress_callback']): Promise<PreTrainedTokenizer> {
  let tokenizer = tokenizers.get(repo);
  if (!tokenizer) {
    tokenizer = AutoTokenizer.from_pretrained(repo, progress ? { progress_callback: progress } : {});
    tokenizers.set(repo, tokenizer);
    tokenizer.catch(() => tokenizers.delete(repo));
  }
  return tokenizer;
}

function tokenCount(tokenizer: PreTrainedTokenizer, text: string): number {
  return tokenizer.encode(text, { add_special_tokens: false }).length;
}

function templateHasThinkingSwitch(tokenizer: PreTrainedTokenizer): boolean {
  const template: unknown = tokenizer.chat_template;
  return typeof template === 'string' && template.includes('enable_thinking');
}

class CausalLM implements TransformersGenerator {
  readonly id: string;
  private readonly thinkingSwitch: boolean;
  private readonly lock = new TurnLock();

  constructor(
    readonly info: ModelInfo,
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly model: PreTrainedModel,
    readonly contextTokens: number,
    private readonly prefillWindow: number,
  ) {
    this.id = info.id;
    this.thinkingSwitch = info.thinkingSwitch ?? templateHasThinkingSwitch(tokenizer);
  }

  /**
   * The chat template rendered to text, ending with the assistant turn's opening. Models whose
   * template has a thinking switch (Qwen3) get `enable_thinking: false`: Loci wants the answer, and
   * a small model's reasoning mostly eats the token budget.
   */
  renderPrompt(messages: ChatMessage[]): string {
    // Extra keys are passed to the Jinja template as variables (4.3.1 spreads unknown options into
    // the render context); a variable rather than a literal because the typings do not list them.
    const templateOptions = {
      tokenize: false as const,
      add_generation_prompt: true,
      ...(this.thinkingSwitch ? { enable_thinking: false } : {}),
    };
    return this.tokenizer.apply_chat_template(messages, templateOptions);
  }

  async countTokens(text: string): Promise<number> {
    return tokenCount(this.tokenizer, text);
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
    const release = await this.lock.acquire();
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

  async dispose(): Promise<void> {
    await this.lock.idle();
    await this.model.dispose();
  }

  private async generate(
    messages: ChatMessage[],
    options: GenerateOptions,
    stopper: InterruptableStoppingCriteria,
    streamer: TextStreamer,
  ): Promise<void> {
    const inputs = this.tokenizer(this.renderPrompt(messages), { add_special_tokens: false });
    const promptLength = inputs.input_ids.dims.at(-1) ?? 0;
    const room = this.contextTokens - promptLength;
    if (room <= 0) {
      throw new Error(`Prompt of ${promptLength} tokens leaves no room in the ${this.contextTokens}-token context.`);
    }
    const ids = inputs.input_ids as Tensor;
    const cache = await prefillInWindows(this.model, ids, this.prefillWindow, () => stopper.interrupted);
    if (stopper.interrupted) return;
    try {
      await this.model.generate({
        ...inputs,
        ...(cache ? { past_key_values: cache } : {}),
        ...samplingParams(options),
        max_new_tokens: Math.min(options.maxTokens ?? DEFAULT_MAX_TOKENS, room),
        stopping_criteria: stopper,
        streamer,
      });
    } finally {
      await cache?.dispose();
    }
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
