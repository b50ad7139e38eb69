import { describe, expect, it } from 'vitest';
import { type AnswerEvent, finishAnswer, streamAnswer } from '../../../src/core/answer/answer.ts';
import { NOT_FOUND_EN, NOT_FOUND_ZH } from '../../../src/core/answer/not-found.ts';
import { DEFAULT_ANSWER_TOKENS } from '../../../src/core/answer/prompt.ts';
import type { ChatMessage, GenerateOptions, Generator } from '../../../src/core/ports.ts';
import { ScriptedGenerator, source } from './doubles.ts';

const sources = [source(1, 'The tower is 330 metres tall.'), source(2, 'It opened in 1889.')];

async function collect(events: AsyncIterable<AnswerEvent>): Promise<{ tokens: string[]; done: Extract<AnswerEvent, { type: 'done' }> }> {
  const tokens: string[] = [];
  let done: Extract<AnswerEvent, { type: 'done' }> | undefined;
  for await (const e of events) {
    if (e.type === 'token') tokens.push(e.text);
    else done = e;
  }
  if (!done) throw new Error('no done event');
  return { tokens, done };
}

describe('streamAnswer', () => {
  it('streams tokens in order, then the validated answer with its cited sources', async () => {
    const generator = new ScriptedGenerator([['The tower ', 'is 330 m tall [1]', ', opened 1889 [2][7].']]);
    const { tokens, done } = await collect(streamAnswer('How tall?', sources, generator, { lang: 'en' }));
    expect(tokens).toEqual(['The tower ', 'is 330 m tall [1]', ', opened 1889 [2][7].']);
    expect(done.answer).toBe('The tower is 330 m tall [1], opened 1889 [2].');
    expect(done.cited.map((s) => s.n)).toEqual([1, 2]);
    expect(done.cited[0]).toBe(sources[0]);
    expect(done.removed).toEqual([7]);
    expect(done.notFound).toBe(false);
    expect(done.aborted).toBe(false);
  });

  it('sends the packed sources and the generation options to the generator', async () => {
    const generator = new ScriptedGenerator([['ok [1]']]);
    await collect(streamAnswer('How tall?', sources, generator, { lang: 'en', temperature: 0.2 }));
    expect(generator.calls).toHaveLength(1);
    const { messages, options } = generator.calls[0];
    expect(messages.at(-1)?.content).toContain('[2] Doc d\nIt opened in 1889.');
    expect(options?.maxTokens).toBe(DEFAULT_ANSWER_TOKENS);
    expect(options?.temperature).toBe(0.2);
  });

  it('removes Qwen3 reasoning from the final text but streams it raw', async () => {
    const generator = new ScriptedGenerator([['<think>', 'which source?', '</think>\n\n', 'It opened in 1889 [2].']]);
    const { tokens, done } = await collect(streamAnswer('When?', sources, generator, { lang: 'en' }));
    expect(tokens.join('')).toContain('which source?');
    expect(done.answer).toBe('It opened in 1889 [2].');
    expect(done.cited.map((s) => s.n)).toEqual([2]);
  });

  it('says with every token the answer so far as it is shown: reasoning hidden, closed or still streaming', async () => {
    const generator = new ScriptedGenerator([['<think>', 'which source?', '</think>\n\n', 'It opened [2].']]);
    const shown: string[] = [];
    for await (const e of streamAnswer('When?', sources, generator, { lang: 'en' })) if (e.type === 'token') shown.push(e.answer);
    expect(shown).toEqual(['', '', '', 'It opened [2].']);
  });

  it('finishes an answer the caller stopped waiting for as it finishes its own', () => {
    const done = finishAnswer('<think>hm</think> Built in 1889 [2][9].', sources, true);
    expect(done).toMatchObject({ type: 'done', answer: 'Built in 1889 [2].', removed: [9], aborted: true, notFound: false });
    expect(done.cited).toEqual([sources[1]]);
  });

  it('reports the not-found reply of the model', async () => {
    const generator = new ScriptedGenerator([[NOT_FOUND_EN]]);
    const { done } = await collect(streamAnswer('Who painted it?', sources, generator, { lang: 'en' }));
    expect(done.notFound).toBe(true);
    expect(done.cited).toEqual([]);
  });

  it('keeps the partial text when aborted mid-stream', async () => {
    const controller = new AbortController();
    const generator = new ScriptedGenerator([['The tower ', 'is 330 m [1]', ' and it', ' opened']]);
    generator.onPiece = (i) => {
      if (i === 1) controller.abort();
    };
    const { tokens, done } = await collect(
      streamAnswer('How tall?', sources, generator, { lang: 'en', signal: controller.signal }),
    );
    expect(tokens).toEqual(['The tower ', 'is 330 m [1]']);
    expect(done.answer).toBe('The tower is 330 m [1]');
    expect(done.aborted).toBe(true);
    expect(done.cited.map((s) => s.n)).toEqual([1]);
  });

  it('drops pieces a backend delivers after the abort, and a rejection caused by the abort', async () => {
    const controller = new AbortController();
    const stubborn: Generator = {
      id: 'stubborn',
      contextTokens: 1000,
      countTokens: async () => 1,
      async *stream(_messages: ChatMessage[], options?: GenerateOptions) {
        yield 'Kept';
        controller.abort();
        yield ' dropped';
        if (options?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      },
    };
    const { tokens, done } = await collect(
      streamAnswer('q', sources, stubborn, { lang: 'en', signal: controller.signal }),
    );
    expect(tokens).toEqual(['Kept']);
    expect(done.answer).toBe('Kept');
    expect(done.aborted).toBe(true);
  });

  it('does not call the model when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const generator = new ScriptedGenerator([['never']]);
    const { tokens, done } = await collect(streamAnswer('q', sources, generator, { lang: 'en', signal: controller.signal }));
    expect(generator.calls).toHaveLength(0);
    expect(tokens).toEqual([]);
    expect(done).toMatchObject({ answer: '', aborted: true, notFound: false });
  });

  it('passes on a generator failure that is not an abort', async () => {
    const failing: Generator = {
      id: 'failing',
      contextTokens: 1000,
      countTokens: async () => 1,
      async *stream() {
        throw new Error('model crashed');
      },
    };
    await expect(collect(streamAnswer('q', sources, failing, { lang: 'en' }))).rejects.toThrow('model crashed');
  });

  it('answers with the not-found sentence in the question language, without a model call, when nothing was packed', async () => {
    const generator = new ScriptedGenerator([['should not be used']]);
    const zh = await collect(streamAnswer('塔有多高？', [], generator, { lang: 'zh' }));
    expect(zh.done).toEqual({ type: 'done', answer: NOT_FOUND_ZH, cited: [], removed: [], citations: [], notFound: true, aborted: false });
    expect(zh.tokens).toEqual([NOT_FOUND_ZH]);
    const en = await collect(streamAnswer('How tall?', [], generator, { lang: 'en' }));
    expect(en.done.answer).toBe(NOT_FOUND_EN);
    expect(generator.calls).toHaveLength(0);
  });
});
