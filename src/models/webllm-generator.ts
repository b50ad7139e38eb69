/**
 * The Generator port over a web-llm engine. The engine is created and loaded by the caller
 * (`CreateWebWorkerMLCEngine` in the browser, so inference stays off the main thread); this file
 * only speaks its OpenAI-style chat API and imports nothing from web-llm at runtime.
 */
import type { ChatCompletionChunk, ChatCompletionRequestStreaming } from '@mlc-ai/web-llm';
import type { ChatMessage, GenerateOptions, Generator } from '../core/ports.ts';
import { findModel } from './registry.ts';
import type { ModelInfo } from './registry.ts';
import { estimateTokens } from './token-estimate.ts';
import { TurnLock } from './turn-lock.ts';

/** The part of web-llm's MLCEngineInterface this adapter uses (so tests can pass a double). */
export interface ChatEngine {
  chat: {
    completions: {
      create(request: ChatCompletionRequestStreaming): Promise<AsyncIterable<ChatCompletionChunk>>;
    };
  };
  interruptGenerate(): void;
}

export interface WebLlmGeneratorOptions {
  engine: ChatEngine;
  /** The web-llm model_id loaded in the engine, e.g. 'Qwen3-0.6B-q4f32_1-MLC'. */
  modelId: string;
  /** Registry entry; found from modelId when omitted. */
  info?: ModelInfo;
  /** Overrides the registry's context window (it must match the engine's context_window_size). */
  contextTokens?: number;
  /**
   * An exact token counter (e.g. a transformers.js tokenizer of the same model). The engine API
   * has none, so without it counts are a deliberately high estimate.
   */
  countTokens?: (text: string) => Promise<number>;
}

const DEFAULT_MAX_TOKENS = 512;
/** web-llm prebuilt Qwen records override context_window_size to 4096. */
const DEFAULT_CONTEXT = 4096;

export interface WebLlmGenerator extends Generator {
  readonly info: ModelInfo | undefined;
}

export function createWebLlmGenerator(options: WebLlmGeneratorOptions): WebLlmGenerator {
  const info = options.info ?? findModel(options.modelId);
  const thinkingSwitch = info?.thinkingSwitch ?? /qwen3/i.test(options.modelId);
  const engine = options.engine;
  const count = options.countTokens ?? (async (text: string) => estimateTokens(text));

  async function* stream(messages: ChatMessage[], opts: GenerateOptions = {}): AsyncIterable<string> {
    const { signal } = opts;
    if (signal?.aborted) return;
    const release = await lockOf(engine).acquire();
    let finished = false;
    const onAbort = (): void => engine.interruptGenerate();
    try {
      if (signal?.aborted) return;
      signal?.addEventListener('abort', onAbort, { once: true });
      const chunks = await engine.chat.completions.create(
        chatRequest(options.modelId, messages, opts, thinkingSwitch),
      );
      for await (const chunk of chunks) {
        if (signal?.aborted) return;
        const piece = chunk.choices[0]?.delta?.content;
        if (piece) yield piece;
      }
      finished = true;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      // A reader that stops early (break, abort) must not leave the engine generating.
      if (!finished) engine.interruptGenerate();
      release();
    }
  }

  return {
    id: options.modelId,
    info,
    contextTokens: options.contextTokens ?? info?.contextTokens ?? DEFAULT_CONTEXT,
    stream,
    countTokens: count,
  };
}

/** The streaming request for one reply. */
function chatRequest(
  modelId: string,
  messages: ChatMessage[],
  options: GenerateOptions,
  thinkingSwitch: boolean,
): ChatCompletionRequestStreaming {
  const temperature = options.temperature ?? 0;
  const request: ChatCompletionRequestStreaming = {
    model: modelId,
    messages: messages.map((m) => ({ role: m.role, content: m.content })),
    stream: true,
    max_tokens: options.maxTokens ?? DEFAULT_MAX_TOKENS,
    // Unset temperature means greedy, as in the transformers.js adapter, so both backends give
    // reproducible answers by default instead of the model config's sampling defaults.
    temperature,
  };
  if (temperature > 0 && options.topP !== undefined) request.top_p = options.topP;
  if (options.seed !== undefined) request.seed = options.seed;
  if (options.jsonSchema) {
    request.response_format = { type: 'json_object', schema: JSON.stringify(options.jsonSchema) };
  }
  if (thinkingSwitch) request.extra_body = { enable_thinking: false };
  return request;
}

/** One lock per engine rather than per adapter: two adapters over one engine still take turns. */
const locks = new WeakMap<ChatEngine, TurnLock>();

function lockOf(engine: ChatEngine): TurnLock {
  let lock = locks.get(engine);
  if (!lock) {
    lock = new TurnLock();
    locks.set(engine, lock);
  }
  return lock;
}
