/** Odd questions: a blank one is refused before any search, an overlong one cut to the embedder's window. */
import { describe, expect, it, vi } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { checkQuestion, QuestionError } from '../../../src/core/engine/question.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';
import { ReplayGenerator } from '../preparse/replay-generator.ts';

const notes = new TextEncoder().encode(
  '# Notes\n\n' + Array.from({ length: 10 }, (_, i) => `Note ${i} talks about ${i % 2 ? 'river boats' : 'glacier ice'} at length.`).join('\n\n'),
);
const OPTIONS = { strategy: 'naive' as const, n: 3, retriever: 'hybrid' as const, hops: 2 as const };

describe('checkQuestion', () => {
  it('refuses blank questions with a QuestionError, without counting a token', async () => {
    const embedder = hashEmbedder();
    const count = vi.spyOn(embedder, 'countTokens');
    for (const blank of ['', '   ', '\n\t \u3000']) {
      const error = await checkQuestion(blank, embedder).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(QuestionError);
      expect(error).toMatchObject({ reason: 'blank', message: expect.stringMatching(/^the question is empty/) });
    }
    expect(count).not.toHaveBeenCalled();
  });

  it('keeps a question within the window exactly as asked', async () => {
    const asked = '  where is the glacier?  ';
    expect(await checkQuestion(asked, hashEmbedder())).toEqual({ text: asked });
  });

  it('cuts a 100 KB question to its beginning, within the window, and says so', async () => {
    const asked = 'glacier ice and river boats '.repeat(3700);
    expect(asked.length).toBeGreaterThan(100_000);
    const embedder = hashEmbedder();
    const { text, cut } = await checkQuestion(asked, embedder);
    const [tokens] = await embedder.countTokens([text]);
    expect(tokens).toBeLessThanOrEqual(512);
    // not cut far below the window either
    expect(tokens).toBeGreaterThan(450);
    expect(asked.startsWith(text)).toBe(true);
    expect(cut).toEqual({ chars: asked.length, keptChars: text.length, maxTokens: 512 });
  });

  it('never splits a surrogate pair where it cuts', async () => {
    // one token per character: 𝔸 is two UTF-16 units, so an odd cut would fall inside one
    const embedder = { maxTokens: 5, countTokens: async (texts: string[]) => texts.map((t) => [...t].length) };
    const { text, cut } = await checkQuestion('𝔸'.repeat(40), embedder);
    expect(text).toMatch(/^(?:𝔸){1,5}$/u);
    expect(cut).toMatchObject({ chars: 80, keptChars: text.length });
  });
});

describe('the engine asked odd questions', () => {
  it('refuses a blank question in retrieve and in ask, before embedding anything', async () => {
    const embedder = hashEmbedder();
    const engine = await LociEngine.open({ embedder, store: new MemoryIndexStore(), generator: new ReplayGenerator([]) });
    await engine.indexFiles([{ name: 'notes.md', bytes: notes }]);
    const embed = vi.spyOn(embedder, 'embed');
    await expect(engine.retrieve('   ', OPTIONS)).rejects.toBeInstanceOf(QuestionError);
    await expect(engine.ask('\n', OPTIONS).next()).rejects.toThrow('the question is empty');
    expect(embed).not.toHaveBeenCalled();
  });

  it('answers the beginning of an overlong question and reports the cut', async () => {
    const engine = await LociEngine.open({ embedder: hashEmbedder(), store: new MemoryIndexStore() });
    await engine.indexFiles([{ name: 'notes.md', bytes: notes }]);
    const asked = 'glacier ice '.repeat(10_000);
    const retrieval = await engine.retrieve(asked, OPTIONS);
    expect(retrieval.cut).toMatchObject({ chars: asked.length, maxTokens: 512 });
    expect(retrieval.queries[0]).toBe(asked.slice(0, retrieval.cut!.keptChars));
    expect(retrieval.chunks.length).toBeGreaterThan(0);
    expect(retrieval.chunks.every((c) => c.chunk.text.includes('glacier'))).toBe(true);
  });
});
