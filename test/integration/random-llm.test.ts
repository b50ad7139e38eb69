/**
 * Pre-parsing with tiny-random-qwen3 (real Qwen3 tokenizer and chat template, random weights): every
 * reply is junk, so every source fails, each failure is recorded, the run completes, and the index
 * still answers — with a streamed answer through the same Generator port.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LociEngine } from '../../src/core/engine/engine.ts';
import { MemoryIndexStore } from '../../src/core/stored-index/memory-store.ts';
import { loadNodeModels } from '../../src/models/node.ts';
import type { Embedder, Generator } from '../../src/core/ports.ts';
import { DOCUMENTS_DIR, MODELS_DIR } from '../support/paths.ts';

let embedder: Embedder;
let generator: Generator;

beforeAll(async () => {
  ({ embedder, generator } = (await loadNodeModels({ modelsDir: MODELS_DIR, embedder: 'tiny-lexical-bert-zh', generator: 'tiny-random-qwen3' })) as {
    embedder: Embedder;
    generator: Generator;
  });
});

describe('LLM pre-parsing with a random-weights model', () => {
  it('records each failure, completes, and still answers', async () => {
    const bytes = new Uint8Array(await readFile(path.join(DOCUMENTS_DIR, 'md_zh', '数据安全法_2021.md')));
    const store = new MemoryIndexStore();
    const engine = await LociEngine.open({
      embedder,
      generator,
      store,
      settings: { preparse: { mode: 'llm', generatorId: generator.id }, clustering: { scope: 'document', seed: 42, threshold: 0.1, maxClusters: 50, minChunks: 8 } },
    });
    // A budget keeps the test short: the rest stays pending and the document answers meanwhile.
    const first = await engine.indexFiles([{ name: '数据安全法_2021.md', bytes }], { preparseBudget: { maxSources: 3 } });
    expect(first.preparse.done + first.preparse.failed).toBe(3);
    expect(first.preparse.failed).toBe(3);
    expect(first.preparse.pending).toBeGreaterThan(0);
    const record = store.snapshot()!.documents[0];
    expect(record.job.stage).toBe('embedded');
    expect(record.preparse).toHaveLength(3);
    for (const p of record.preparse) {
      expect(p.status).toBe('failed');
      expect(p.error).toMatch(/JSON|usable|field/i);
    }

    const events = [];
    for await (const e of engine.ask('数据处理者应当履行哪些数据安全保护义务？', { strategy: 'cap-rag', n: 3, retriever: 'hybrid', maxTokens: 24, temperature: 0 })) events.push(e);
    const retrieved = events.find((e) => e.type === 'retrieved');
    expect(retrieved && retrieved.type === 'retrieved' && retrieved.sources.length).toBeGreaterThan(0);
    expect(events.filter((e) => e.type === 'token').length).toBeGreaterThan(0);
    const done = events.at(-1)!;
    expect(done.type).toBe('done');

    // a second run with a budget continues where the first stopped, never redoing a source
    await engine.finishPending({ preparseBudget: { maxSources: 2 } });
    const after = store.snapshot()!.documents[0].preparse.map((p) => p.sourceId);
    expect(after).toHaveLength(5);
    expect(new Set(after).size).toBe(5);
  });
});

describe('sub-questions from a random-weights model', () => {
  it('runs the generation for real, keeps only plausible lines of its junk, and still retrieves', async () => {
    const laws = ['数据安全法_2021.md', '网络安全法_2016.md'];
    const files = await Promise.all(laws.map(async (name) => ({ name, bytes: new Uint8Array(await readFile(path.join(DOCUMENTS_DIR, 'md_zh', name))) })));
    const engine = await LociEngine.open({ embedder, generator, store: new MemoryIndexStore(), settings: { preparse: { mode: 'off' } } });
    await engine.indexFiles(files);
    const question = '网络运营者和数据处理者应当履行哪些安全保护义务？';
    const options = { strategy: 'naive' as const, n: 3, retriever: 'hybrid' as const, hops: 2 as const };
    const asked = await engine.retrieve(question, { ...options, subQuestions: true });
    const plain = await engine.retrieve(question, options);
    const written = asked.result.secondHop?.subQuestions;
    expect(Array.isArray(written)).toBe(true);
    for (const q of written ?? []) expect(q).not.toBe(question);
    expect(asked.chunks).toHaveLength(3);
    // with nothing usable written, the hop is exactly the keyword hop
    if (written?.length === 0) expect(asked.chunks.map((c) => c.chunk.id)).toEqual(plain.chunks.map((c) => c.chunk.id));
  });
});
