import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage, Generator } from '../../src/core/ports.ts';
import { cachedGenerator } from '../../src/eval/llm-cache.ts';
import { complete } from '../../src/eval/llm/complete.ts';

/** Counts calls; replies "reply <n>" in pieces; honours abort like a real backend (returns early). */
function countingGenerator(id = 'model-x'): Generator & { calls: number } {
  const gen = {
    id,
    contextTokens: 2048,
    calls: 0,
    async *stream(_messages: ChatMessage[], options?: { signal?: AbortSignal }) {
      gen.calls++;
      for (const piece of ['reply ', String(gen.calls), ' done']) {
        if (options?.signal?.aborted) return;
        yield piece;
      }
    },
    async countTokens(text: string) {
      return text.length;
    },
  };
  return gen;
}

const messages: ChatMessage[] = [{ role: 'user', content: 'hello' }];
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loci-llm-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function cacheFiles(): Promise<string[]> {
  const out: string[] = [];
  for (const sub of await readdir(dir)) out.push(...(await readdir(path.join(dir, sub))));
  return out;
}

describe('cachedGenerator', () => {
  it('a second identical call replays the text without reaching the inner generator', async () => {
    const inner = countingGenerator();
    const gen = cachedGenerator(inner, { dir });
    expect(await complete(gen, messages, { temperature: 0 })).toBe('reply 1 done');
    const pieces: string[] = [];
    for await (const p of gen.stream(messages, { temperature: 0 })) pieces.push(p);
    expect(pieces).toEqual(['reply 1 done']);
    expect(inner.calls).toBe(1);
    // a new wrapper over the same folder (a later run) hits too
    expect(await complete(cachedGenerator(countingGenerator(), { dir }), messages, { temperature: 0 })).toBe('reply 1 done');
    expect(await cacheFiles()).toHaveLength(1);
  });

  it('different parameters, messages or model make different keys', async () => {
    const inner = countingGenerator();
    const gen = cachedGenerator(inner, { dir });
    await complete(gen, messages, { temperature: 0 });
    await complete(gen, messages, { temperature: 0.7 });
    await complete(gen, messages, { temperature: 0, jsonSchema: { type: 'object' } });
    await complete(gen, [{ role: 'user', content: 'hello!' }], { temperature: 0 });
    expect(inner.calls).toBe(4);
    const other = countingGenerator('model-y');
    await complete(cachedGenerator(other, { dir }), messages, { temperature: 0 });
    expect(other.calls).toBe(1);
  });

  it('a request is the same whatever the order of its option keys and with or without a signal', async () => {
    const inner = countingGenerator();
    const gen = cachedGenerator(inner, { dir });
    await complete(gen, messages, { temperature: 0, maxTokens: 5 });
    expect(await complete(gen, messages, { maxTokens: 5, temperature: 0, signal: new AbortController().signal })).toBe('reply 1 done');
    expect(inner.calls).toBe(1);
    await complete(gen, messages, { temperature: 0, maxTokens: 6 });
    expect(inner.calls).toBe(2);
  });

  it('an aborted call is not cached', async () => {
    const inner = countingGenerator();
    const gen = cachedGenerator(inner, { dir });
    const controller = new AbortController();
    let text = '';
    for await (const piece of gen.stream(messages, { signal: controller.signal })) {
      text += piece;
      controller.abort();
    }
    expect(text).toBe('reply ');
    expect(await readdir(dir)).toEqual([]);
    expect(await complete(gen, messages)).toBe('reply 2 done');
    expect(inner.calls).toBe(2);
  });

  it('a stream the consumer abandons is not cached', async () => {
    const inner = countingGenerator();
    const gen = cachedGenerator(inner, { dir });
    for await (const _piece of gen.stream(messages)) break;
    expect(await readdir(dir)).toEqual([]);
  });

  it('delegates id, context size and token counting', async () => {
    const gen = cachedGenerator(countingGenerator(), { dir });
    expect(gen.id).toBe('model-x');
    expect(gen.contextTokens).toBe(2048);
    expect(await gen.countTokens('abc')).toBe(3);
  });
});
