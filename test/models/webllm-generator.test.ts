import type { ChatCompletionChunk, ChatCompletionRequestStreaming, MLCEngineInterface } from '@mlc-ai/web-llm';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/core/ports.ts';
import { getModel } from '../../src/models/registry.ts';
import { estimateTokens } from '../../src/models/token-estimate.ts';
import { createWebLlmGenerator } from '../../src/models/webllm-generator.ts';
import type { ChatEngine } from '../../src/models/webllm-generator.ts';

// web-llm cannot generate on these machines (no weights, no GPU): the adapter is tested up to the
// engine boundary against a double that records requests and replays chunks the way web-llm does.

// The real engine type must fit the adapter's narrow one (checked by tsc, not at run time).
export const engineFits = (engine: MLCEngineInterface): ChatEngine => engine;

function chunk(content: string | null, finish: 'stop' | 'length' | 'abort' | null = null): ChatCompletionChunk {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'test',
    choices: [{ index: 0, delta: content === null ? {} : { role: 'assistant', content }, finish_reason: finish }],
  };
}

/** Replays `pieces` one per tick; after interruptGenerate it ends like web-llm, with an 'abort' chunk. */
class EngineDouble implements ChatEngine {
  readonly requests: ChatCompletionRequestStreaming[] = [];
  interrupts = 0;
  produced = 0;
  /** Requests started while another was still streaming (a real engine runs one at a time). */
  overlaps = 0;
  private active = 0;
  private interrupted = false;

  constructor(private readonly pieces: string[]) {}

  readonly chat = {
    completions: {
      create: async (request: ChatCompletionRequestStreaming): Promise<AsyncIterable<ChatCompletionChunk>> => {
        this.requests.push(structuredClone(request));
        if (this.active > 0) this.overlaps++;
        this.active++;
        this.interrupted = false;
        return this.replay();
      },
    },
  };

  interruptGenerate(): void {
    this.interrupts++;
    this.interrupted = true;
  }

  private async *replay(): AsyncGenerator<ChatCompletionChunk> {
    try {
      for (const piece of this.pieces) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (this.interrupted) {
          yield chunk(null, 'abort');
          return;
        }
        this.produced++;
        yield chunk(piece);
      }
      yield chunk('', 'stop');
    } finally {
      this.active--;
    }
  }
}

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const piece of stream) out.push(piece);
  return out;
}

const messages: ChatMessage[] = [
  { role: 'system', content: 'Answer from the sources.' },
  { role: 'user', content: '数据处理者有哪些义务？' },
];

describe('web-llm generator over an engine double', () => {
  it('sends a streaming request shaped for web-llm and assembles the deltas', async () => {
    const engine = new EngineDouble(['数据', '处理者', '应当', '履行义务。']);
    const generator = createWebLlmGenerator({ engine, modelId: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC' });
    const pieces = await collect(
      generator.stream(messages, { maxTokens: 64, temperature: 0.7, topP: 0.9, seed: 42 }),
    );
    expect(pieces).toEqual(['数据', '处理者', '应当', '履行义务。']);
    expect(engine.requests).toEqual([
      {
        model: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC',
        messages,
        stream: true,
        max_tokens: 64,
        temperature: 0.7,
        top_p: 0.9,
        seed: 42,
      },
    ]);
    expect(engine.interrupts).toBe(0);
    expect(generator.id).toBe('Qwen2.5-0.5B-Instruct-q4f32_1-MLC');
    expect(generator.contextTokens).toBe(4096);
    expect(generator.info?.id).toBe('onnx-community/Qwen2.5-0.5B-Instruct');
  });

  it('asks for constrained JSON with the schema as a string, and greedy decoding by default', async () => {
    const engine = new EngineDouble(['{"query":', '"q"}']);
    const generator = createWebLlmGenerator({ engine, modelId: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC' });
    const schema = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };
    expect((await collect(generator.stream(messages, { jsonSchema: schema }))).join('')).toBe('{"query":"q"}');
    const [request] = engine.requests;
    expect(request.response_format).toEqual({ type: 'json_object', schema: JSON.stringify(schema) });
    expect(JSON.parse(request.response_format?.schema ?? '')).toEqual(schema);
    expect(request.temperature).toBe(0);
    expect(request.max_tokens).toBe(512);
    expect(request).not.toHaveProperty('top_p');
    expect(request).not.toHaveProperty('extra_body');
  });

  it('switches Qwen3 thinking off', async () => {
    const engine = new EngineDouble(['ok']);
    const generator = createWebLlmGenerator({ engine, modelId: 'Qwen3-0.6B-q4f32_1-MLC' });
    await collect(generator.stream(messages));
    expect(engine.requests[0].extra_body).toEqual({ enable_thinking: false });
    expect(generator.info).toBe(getModel('onnx-community/Qwen3-0.6B-ONNX'));
  });

  it('interrupts the engine on abort and ends the stream early without throwing', async () => {
    const engine = new EngineDouble(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    const generator = createWebLlmGenerator({ engine, modelId: 'Qwen3-0.6B-q4f16_1-MLC' });
    const controller = new AbortController();
    const pieces: string[] = [];
    for await (const piece of generator.stream(messages, { signal: controller.signal })) {
      pieces.push(piece);
      controller.abort();
    }
    expect(pieces).toEqual(['a']);
    expect(engine.interrupts).toBeGreaterThanOrEqual(1);
    expect(engine.produced).toBeLessThan(8);
  });

  it('interrupts the engine when the reader stops early, and never starts for an aborted signal', async () => {
    const engine = new EngineDouble(['a', 'b', 'c', 'd']);
    const generator = createWebLlmGenerator({ engine, modelId: 'Qwen3-0.6B-q4f16_1-MLC' });
    for await (const piece of generator.stream(messages)) {
      expect(piece).toBe('a');
      break;
    }
    expect(engine.interrupts).toBe(1);
    const controller = new AbortController();
    controller.abort();
    expect(await collect(generator.stream(messages, { signal: controller.signal }))).toEqual([]);
    expect(engine.requests).toHaveLength(1);
  });

  it('runs one request at a time on an engine', async () => {
    const engine = new EngineDouble(['x', 'y', 'z']);
    const a = createWebLlmGenerator({ engine, modelId: 'Qwen3-0.6B-q4f16_1-MLC' });
    const b = createWebLlmGenerator({ engine, modelId: 'Qwen3-0.6B-q4f16_1-MLC' });
    const [ra, rb] = await Promise.all([collect(a.stream(messages)), collect(b.stream(messages))]);
    expect(ra).toEqual(['x', 'y', 'z']);
    expect(rb).toEqual(['x', 'y', 'z']);
    expect(engine.requests).toHaveLength(2);
    expect(engine.overlaps).toBe(0);
  });

  it('counts tokens with the given counter, else a high estimate', async () => {
    const engine = new EngineDouble([]);
    const exact = createWebLlmGenerator({ engine, modelId: 'Qwen3-0.6B-q4f16_1-MLC', countTokens: async (t) => t.length * 10 });
    expect(await exact.countTokens('abc')).toBe(30);
    const estimated = createWebLlmGenerator({ engine, modelId: 'Qwen3-0.6B-q4f16_1-MLC' });
    expect(await estimated.countTokens('数据安全')).toBe(4);
    expect(await estimated.countTokens('Data security obligations')).toBe(estimateTokens('Data security obligations'));
    expect(estimateTokens('Data security obligations')).toBe(9); // 25 characters / 3, rounded up
    expect(estimateTokens('')).toBe(0);
  });
});
