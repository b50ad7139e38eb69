import { describe, expect, it } from 'vitest';
import { answerPrompt, generationRates, timeGeneration } from '../../bench/models/generation.ts';
import type { ChatMessage, GenerateOptions, Generator } from '../../src/core/ports.ts';

/** A generator double: its prefill takes a millisecond per character of the messages, each token 10 ms; it records what it was asked. */
function timedGenerator(asked: number[]): Generator & { renderPrompt(messages: ChatMessage[]): string } {
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const render = (messages: ChatMessage[]) => messages.map((m) => m.content).join('');
  return {
    id: 'double',
    contextTokens: 4096,
    renderPrompt: render,
    countTokens: async (text: string) => text.length,
    async *stream(messages: ChatMessage[], options: GenerateOptions = {}) {
      asked.push(options.maxTokens ?? 0);
      await wait(render(messages).length);
      for (let i = 0; i < (options.maxTokens ?? 0); i++) {
        await wait(10);
        yield 'x';
      }
    },
  };
}

describe('timeGeneration', () => {
  it('times one token after the prompt and after the question, then an answer after the question', async () => {
    const asked: number[] = [];
    const passage = 'Nike revenue grew in fiscal 2019. '.repeat(8);
    const timing = await timeGeneration(timedGenerator(asked), answerPrompt([passage], 'why?'), answerPrompt([], 'why?'), 11);
    expect(asked).toEqual([1, 1, 11]);
    // the passage's 300 characters of prefill, and ten more tokens of 10 ms (timers may fire a little early)
    expect(timing.promptOneTokenMs - timing.questionOneTokenMs).toBeGreaterThan(200);
    expect(timing.questionAnswerMs - timing.questionOneTokenMs).toBeGreaterThan(50);
    expect(timing.promptTokens - timing.questionTokens).toBeGreaterThan(passage.length);
  });

  it('takes the rates from the differences', () => {
    const rates = generationRates({ promptOneTokenMs: 600, questionOneTokenMs: 100, questionAnswerMs: 1100, maxTokens: 11, promptTokens: 1030, questionTokens: 30 });
    expect(rates).toEqual({ prefillTokensPerSec: 2000, decodeTokensPerSec: 10 });
  });

  it('puts the numbered passages before the question', () => {
    const [system, user] = answerPrompt(['first', 'second'], 'What?');
    expect(system.role).toBe('system');
    expect(user.content).toBe('Sources:\n\n[1] first\n\n[2] second\n\nQuestion: What?');
    expect(answerPrompt([], 'What?')[1].content).toBe('What?');
  });
});
