import { describe, expect, it } from 'vitest';
import { answerPrompt, generationRates, timeGeneration } from '../../bench/models/generation.ts';
import type { ChatMessage, GenerateOptions, Generator } from '../../src/core/ports.ts';

/** A generator double whose prefill and tokens take fixed times, recording what it was asked. */
function timedGenerator(prefillMs: number, tokenMs: number, asked: number[]): Generator {
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    id: 'double',
    contextTokens: 4096,
    countTokens: async (text: string) => text.length,
    async *stream(_messages: ChatMessage[], options: GenerateOptions = {}) {
      asked.push(options.maxTokens ?? 0);
      await wait(prefillMs);
      for (let i = 0; i < (options.maxTokens ?? 0); i++) {
        await wait(tokenMs);
        yield 'x';
      }
    },
  };
}

describe('timeGeneration', () => {
  it('times one token after the prompt and after the question, then an answer after the question, and the rates come from the differences', async () => {
    const asked: number[] = [];
    const generator = { ...timedGenerator(60, 10, asked), renderPrompt: (m: ChatMessage[]) => m.map((x) => x.content).join('') };
    const timing = await timeGeneration(generator, answerPrompt(['a passage'], 'why?'), answerPrompt([], 'why?'), 11);
    expect(asked).toEqual([1, 1, 11]);
    expect(timing.questionAnswerMs - timing.questionOneTokenMs).toBeGreaterThanOrEqual(95);
    expect(timing.promptTokens).toBeGreaterThan(timing.questionTokens);
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
