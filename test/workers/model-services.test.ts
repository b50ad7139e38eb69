/**
 * The embed and LLM workers' services with their model libraries replaced by doubles: loads that
 * overlap, calls made for a model that has been replaced, and when an outgoing model is released.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../src/core/ports.ts';
import type { DeviceReport } from '../../src/models/device.ts';
import { createTransformersEmbedder, type TransformersEmbedder } from '../../src/models/transformers-embedder.ts';
import { createTransformersGenerator, loadTokenCounter, type TransformersGenerator } from '../../src/models/transformers-generator.ts';
import { EmbedService } from '../../workers/embed/embed-service.ts';
import { LlmService } from '../../workers/llm/llm-service.ts';
import type { ModelLoadRequest } from '../../src/protocol/workers.ts';
import { gate } from './gate.ts';

vi.mock('../../workers/shared/transformers-env.ts', () => ({ configureOnnxRuntime: () => {}, configureSource: () => {} }));
vi.mock('../../src/models/device.ts', () => ({
  probeDevice: async (): Promise<DeviceReport> => ({
    webgpu: false,
    fallbackAdapter: false,
    shaderF16: false,
    threads: 2,
    embedderDevice: 'wasm',
    generatorBackend: 'transformers-wasm',
    reasons: ['no WebGPU adapter'],
  }),
}));
vi.mock('../../src/models/transformers-embedder.ts', () => ({ createTransformersEmbedder: vi.fn() }));
vi.mock('../../src/models/transformers-reranker.ts', () => ({ createTransformersReranker: vi.fn() }));
vi.mock('../../src/models/transformers-generator.ts', () => ({ createTransformersGenerator: vi.fn(), loadTokenCounter: vi.fn() }));

const request = (modelId: string): ModelLoadRequest => ({ modelId, source: { kind: 'local' }, device: 'wasm' });
const question: ChatMessage[] = [{ role: 'user', content: 'hi' }];

beforeEach(() => {
  vi.stubGlobal('navigator', {});
  vi.mocked(createTransformersEmbedder).mockReset();
  vi.mocked(createTransformersGenerator).mockReset();
  vi.mocked(loadTokenCounter).mockReset();
});

function fakeGenerator(id: string, log: string[]): TransformersGenerator {
  const generator: Partial<TransformersGenerator> = {
    id,
    contextTokens: 1024,
    async *stream() {
      yield `${id} says hi`;
    },
    countTokens: async () => 1,
    dispose: async () => void log.push(`dispose ${id}`),
  };
  return generator as TransformersGenerator;
}

function fakeEmbedder(id: string, log: string[], running?: Promise<void>): TransformersEmbedder {
  const embedder: Partial<TransformersEmbedder> = {
    id,
    dimension: 2,
    maxTokens: 16,
    queryPrefix: '',
    passagePrefix: '',
    async embed(texts) {
      log.push(`${id} embeds ${texts.join()}`);
      await running;
      return texts.map(() => Float32Array.from([1, 0]));
    },
    countTokens: async (texts) => texts.map(() => 1),
    dispose: async () => void log.push(`dispose ${id}`),
  };
  return embedder as TransformersEmbedder;
}

describe('LlmService', () => {
  it('keeps the model loaded last when two loads overlap, and refuses calls for the other', async () => {
    const log: string[] = [];
    const slow = gate();
    vi.mocked(createTransformersGenerator).mockImplementation(async (modelId) => {
      if (modelId === 'first') await slow.promise;
      return fakeGenerator(modelId, log);
    });
    const llm = new LlmService();
    const first = llm.load(request('first'));
    const second = llm.load(request('second'));
    slow.resolve();
    await Promise.all([first, second]);

    const pieces: string[] = [];
    await llm.generate(1, 'second', question, {}, (piece) => pieces.push(piece));
    expect(pieces).toEqual(['second says hi']);
    await expect(llm.generate(2, 'first', question, {}, () => {})).rejects.toThrow(/language model first is no longer loaded \(second is\)/);
    expect(await llm.countTokens(request('second'), 'x')).toBe(1);
    // The outgoing model is released (behind the load, before any next one).
    await llm.load(request('third'));
    expect(log).toContain('dispose first');
  });

  it('counts tokens by the tokenizer alone until that model is loaded, fetching it once, again after a failure', async () => {
    const log: string[] = [];
    const loading = gate();
    vi.mocked(createTransformersGenerator).mockImplementation(async (modelId) => {
      await loading.promise;
      return fakeGenerator(modelId, log);
    });
    let fetches = 0;
    vi.mocked(loadTokenCounter).mockImplementation(async () => {
      if (++fetches === 1) throw new Error('offline');
      return (text: string) => text.length * 10;
    });
    const llm = new LlmService();
    const load = llm.load(request('qwen'));
    await expect(llm.countTokens(request('qwen'), 'abc')).rejects.toThrow('offline');
    expect(await llm.countTokens(request('qwen'), 'abc')).toBe(30);
    expect(await llm.countTokens(request('qwen'), 'abcd')).toBe(40);
    expect(fetches).toBe(2);
    // once loaded, the model counts (the double says 1 for anything)
    loading.resolve();
    await load;
    expect(await llm.countTokens(request('qwen'), 'abc')).toBe(1);
    expect(fetches).toBe(2);
  });
});

describe('EmbedService', () => {
  it('swaps the embedder only after the embeddings queued for the old one, and refuses the old one after', async () => {
    const log: string[] = [];
    const batch = gate();
    vi.mocked(createTransformersEmbedder).mockImplementation(async (modelId) => fakeEmbedder(modelId, log, modelId === 'old' ? batch.promise : undefined));
    const service = new EmbedService();
    const old = await service.load(request('old'));
    expect(old).toMatchObject({ id: 'old', dimension: 2, device: 'wasm', report: { reasons: ['no WebGPU adapter'] } });

    // A job's batches are queued on the old embedder when the swap is asked for.
    const running = service.embed('old', ['a'], 'passage');
    const queued = service.embed('old', ['b'], 'passage');
    const swapped = service.load(request('new'));
    await swapped;
    // Asked after the swap: refused, never embedded by the new model into the old index.
    await expect(service.embed('old', ['c'], 'passage')).rejects.toThrow(/embedder old is no longer loaded \(new is\)/);
    batch.resolve();
    expect(await running).toHaveLength(1);
    expect(await queued).toHaveLength(1);
    expect(await service.embed('new', ['d'], 'query')).toHaveLength(1);
    // The old session was disposed only once its queued batches had run.
    expect(log).toEqual(['old embeds a', 'old embeds b', 'dispose old', 'new embeds d']);
  });
});
