import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import { subQuestions } from '../../../src/core/query/sub-questions.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';
import { ScriptedGenerator } from '../answer/doubles.ts';

const QUESTION = 'Where was the director of Kiss and Tell born?';
const PASSAGE = 'Kiss and Tell is a 1945 American comedy film directed by Richard Wallace.';

describe('subQuestions', () => {
  it('shows the model the question and the passages, and keeps the usable lines of its reply', async () => {
    const generator = new ScriptedGenerator(['Here are the sub-questions:\n1. Where was Richard Wallace born?\n2. %%% ### !!!\n3. Where was Richard Wallace born?\n']);
    const asked = await subQuestions(QUESTION, [PASSAGE], generator, { lang: 'en' });
    expect(asked).toEqual(['Where was Richard Wallace born?']);
    const prompt = generator.calls[0].messages.map((m) => m.content).join('\n');
    expect(prompt).toContain(QUESTION);
    expect(prompt).toContain('directed by Richard Wallace');
  });

  it('keeps a sub-question that shares words only with a passage, and none unrelated to both', async () => {
    const generator = new ScriptedGenerator(['Which studio released films by Richard Wallace?\nWhat is the price of bananas today?']);
    // "Richard Wallace" is in the passage, not the question; bananas are in neither
    expect(await subQuestions(QUESTION, [PASSAGE], generator, { lang: 'en' })).toEqual(['Which studio released films by Richard Wallace?']);
  });

  it('gives none for a reply that is no question at all, and asks nothing for a blank question', async () => {
    const gibberish = new ScriptedGenerator(['ĠĠ ĉ ł ĸ ĸ ĸ ĸ']);
    expect(await subQuestions(QUESTION, [PASSAGE], gibberish, { lang: 'en' })).toEqual([]);
    const idle = new ScriptedGenerator([]);
    expect(await subQuestions('   ', [PASSAGE], idle, { lang: 'en' })).toEqual([]);
    expect(idle.calls).toHaveLength(0);
  });
});

describe('two hops with sub-questions', () => {
  // One document per passage, as in a library of short articles. The mural shares no word with
  // the question or with the passages the first hop finds: only a sub-question can reach it.
  const notes = [
    PASSAGE,
    'Richard Wallace was born in Sacramento, California, and began in the cutting room.',
    'Ana Ruiz painted Blue Barn mural on Mill Street, 1988.',
    ...Array.from({ length: 8 }, (_, i) => `Recipe ${i}: flour, sugar, butter, ${i + 2} eggs.`),
  ];

  async function engineWith(generator: ScriptedGenerator) {
    const engine = await LociEngine.open({ embedder: hashEmbedder(), generator, store: new MemoryIndexStore() });
    await engine.indexFiles(notes.map((text, i) => ({ name: `note-${i}.md`, bytes: new TextEncoder().encode(text) })));
    return engine;
  }
  const options = { strategy: 'naive' as const, n: 4, retriever: 'lexical' as const, hops: 2 as const };

  it('searches the questions the model wrote, and shows them in the second hop', async () => {
    // the model asks after something neither the question nor the first passages name
    const generator = new ScriptedGenerator(['Who painted Blue Barn mural on Mill Street, near the film studio?']);
    const engine = await engineWith(generator);
    const withModel = await engine.retrieve(QUESTION, { ...options, subQuestions: true });
    const without = await engine.retrieve(QUESTION, options);
    const texts = (r: typeof without) => r.chunks.map((c) => c.chunk.text);

    expect(generator.calls).toHaveLength(1);
    expect(generator.calls[0].messages.at(-1)?.content).toContain('directed by Richard Wallace');
    expect(withModel.result.secondHop?.subQuestions).toEqual(['Who painted Blue Barn mural on Mill Street, near the film studio?']);
    expect(texts(withModel).some((t) => t.includes('Blue Barn'))).toBe(true);
    expect(withModel.chunks.find((c) => c.chunk.text.includes('Blue Barn'))?.via).toBe('hop');
    expect(texts(without).some((t) => t.includes('Blue Barn'))).toBe(false);
    expect(without.result.secondHop?.subQuestions).toBeUndefined();
  });

  it('falls back to the keyword hop when the model writes nothing usable', async () => {
    const engine = await engineWith(new ScriptedGenerator(['ĠĠ ĉ ł']));
    const withModel = await engine.retrieve(QUESTION, { ...options, subQuestions: true });
    const without = await engine.retrieve(QUESTION, options);
    expect(withModel.result.secondHop?.subQuestions).toEqual([]);
    expect(withModel.chunks.map((c) => c.chunk.id)).toEqual(without.chunks.map((c) => c.chunk.id));
  });
});
