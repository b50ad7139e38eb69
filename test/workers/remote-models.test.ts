import type { Remote } from 'comlink';
import { describe, expect, it } from 'vitest';
import type { EmbedApi, LlmApi, LoadedGenerator, ModelLoadRequest } from '../../src/protocol/workers.ts';
import { RemoteGenerator, RemoteReranker } from '../../workers/engine/remote-models.ts';
import { estimateTokens } from '../../src/models/token-estimate.ts';
import { gate } from './gate.ts';

const loaded: LoadedGenerator = { id: 'g', contextTokens: 2048, backend: 'transformers-wasm', reasons: [] };
const qwen: ModelLoadRequest = { modelId: 'qwen', source: { kind: 'local' }, device: 'wasm' };

/** Qwen behind the worker double, loaded by `load` when first used. */
const remoteQwen = (calls: string[], load: () => Promise<LoadedGenerator>) => new RemoteGenerator(llmApi(calls), 'qwen', load, qwen);

/** An LLM worker double that records what it was asked; `generate` streams one piece. */
function llmApi(calls: string[]): Remote<LlmApi> {
  const api: Partial<LlmApi> = {
    async generate(_requestId, modelId, _messages, _options, onPiece) {
      calls.push(`generate ${modelId}`);
      onPiece('hello');
    },
    cancel: () => undefined,
    async countTokens(request) {
      calls.push(`count ${request.modelId}`);
      return 3;
    },
  };
  return api as unknown as Remote<LlmApi>;
}

describe('remote models', () => {
  it('stops waiting for a loading model when the signal aborts, while the load goes on', async () => {
    const load = gate<LoadedGenerator>();
    const generator = remoteQwen([], () => load.promise);
    const controller = new AbortController();
    const waiting = generator.ready(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'CancelledError' });
    load.resolve(loaded);
    expect(await generator.ready()).toBe(loaded);
    expect(generator.contextTokens).toBe(2048);
  });

  it('a stream stopped during the load ends empty, as the Generator port promises', async () => {
    const calls: string[] = [];
    const generator = remoteQwen(calls, () => new Promise<LoadedGenerator>(() => {}));
    const controller = new AbortController();
    const pieces: string[] = [];
    const reading = (async () => {
      for await (const piece of generator.stream([{ role: 'user', content: 'hi' }], { signal: controller.signal })) pieces.push(piece);
    })();
    controller.abort();
    await reading;
    expect(pieces).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('names its model in every call, and retries a load that failed', async () => {
    const calls: string[] = [];
    let attempts = 0;
    const generator = remoteQwen(calls, async () => {
      if (++attempts === 1) throw new Error('offline');
      return loaded;
    });
    const read = async () => {
      const pieces: string[] = [];
      for await (const piece of generator.stream([{ role: 'user', content: 'hi' }])) pieces.push(piece);
      return pieces;
    };
    await expect(read()).rejects.toThrow('offline');
    expect(await read()).toEqual(['hello']);
    expect(calls).toEqual(['generate qwen']);
  });

  it('counts tokens without loading the model: the LLM worker counts by the tokenizer until it is loaded', async () => {
    const calls: string[] = [];
    let loads = 0;
    const generator = remoteQwen(calls, () => {
      loads++;
      return new Promise<LoadedGenerator>(() => {});
    });
    await generator.warmTokenizer();
    expect(await generator.countTokens('x')).toBe(3);
    expect(calls).toEqual(['count qwen', 'count qwen']);
    expect(loads).toBe(0);
  });

  it('counts by an estimate, without waiting, until the tokenizer has answered; a tokenizer that failed is fetched again', async () => {
    const tokenizer = [gate<number>(), gate<number>()];
    let asked = 0;
    const api: Partial<LlmApi> = { countTokens: () => tokenizer[asked++].promise };
    const generator = new RemoteGenerator(api as unknown as Remote<LlmApi>, 'qwen', () => new Promise(() => {}), qwen);
    const text = 'Revenue was $2,616 million';
    // the estimate counts each digit and symbol: far above a count of 3
    expect(await generator.countTokens(text)).toBe(estimateTokens(text));
    expect(estimateTokens(text)).toBeGreaterThan(10);
    expect(asked).toBe(1);
    tokenizer[0].reject(new Error('offline'));
    await expect(generator.warmTokenizer()).rejects.toThrow('offline');
    expect(asked).toBe(1);
    expect(await generator.countTokens(text)).toBe(estimateTokens(text));
    expect(asked).toBe(2);
    tokenizer[1].resolve(0);
    await generator.warmTokenizer();
    tokenizer.push(gate<number>());
    const counted = generator.countTokens(text);
    tokenizer[2].resolve(7);
    expect(await counted).toBe(7);
  });

  it('caps every reply at the launch\'s reply tokens, below a limit asked for or none, and not above', async () => {
    const asked: (number | undefined)[] = [];
    const api: Partial<LlmApi> = {
      async generate(_requestId, _modelId, _messages, options, onPiece) {
        asked.push(options.maxTokens);
        onPiece('x');
      },
      cancel: () => undefined,
    };
    const generator = new RemoteGenerator(api as unknown as Remote<LlmApi>, 'qwen', async () => loaded, qwen, 32);
    const drain = async (maxTokens?: number) => {
      for await (const _ of generator.stream([{ role: 'user', content: 'q' }], maxTokens === undefined ? {} : { maxTokens })) void _;
    };
    await drain(512);
    await drain();
    await drain(8);
    expect(asked).toEqual([32, 32, 8]);
    const uncapped = new RemoteGenerator(api as unknown as Remote<LlmApi>, 'qwen', async () => loaded, qwen);
    for await (const _ of uncapped.stream([{ role: 'user', content: 'q' }], { maxTokens: 512 })) void _;
    expect(asked.at(-1)).toBe(512);
  });

  it('the reranker scores with the model its load returned, and gives up waiting on abort', async () => {
    const calls: string[] = [];
    const api: Partial<EmbedApi> = {
      async score(modelId, _query, passages) {
        calls.push(`score ${modelId}`);
        return passages.map(() => 1);
      },
    };
    const reranker = new RemoteReranker(api as unknown as Remote<EmbedApi>, 'bge', async () => ({ id: 'BAAI/bge' }));
    expect(await reranker.score('q', ['a', 'b'])).toEqual([1, 1]);
    expect(calls).toEqual(['score BAAI/bge']);

    const stuck = new RemoteReranker(api as unknown as Remote<EmbedApi>, 'other', () => new Promise(() => {}));
    await expect(stuck.score('q', ['a'], AbortSignal.abort())).rejects.toMatchObject({ name: 'CancelledError' });
  });
});
