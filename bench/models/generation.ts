/**
 * A first answer's two waits, on any Generator: reading the prompt (prefill) and writing the
 * answer (decode). Each is the difference of two answers: the prefill is an answer of one token
 * to the whole prompt, less one to the question alone (the model's fixed cost per call); the decode
 * is an answer of `maxTokens` to the question alone, less one of one token. Streamed pieces
 * cannot time them (the text streamer holds text back until a word ends, and the stand-in's random
 * tokens end few words), and a decode timed after a long prefill drowns in the prefill's own
 * variation. The stand-in has random weights and never stops on its own, so it writes every token
 * asked for.
 */
import type { ChatMessage, Generator } from '../../src/core/ports.ts';

export interface GenerationTiming {
  /** One token after the whole prompt. */
  promptOneTokenMs: number;
  /** One token after the question alone. */
  questionOneTokenMs: number;
  /** `maxTokens` tokens after the question alone. */
  questionAnswerMs: number;
  maxTokens: number;
  /** The prompt's and the question's tokens, as the generator counts the rendered chat. */
  promptTokens: number;
  questionTokens: number;
}

async function answerMs(generator: Generator, messages: ChatMessage[], maxTokens: number): Promise<number> {
  const t0 = performance.now();
  for await (const piece of generator.stream(messages, { maxTokens, temperature: 0 })) void piece;
  return performance.now() - t0;
}

export async function timeGeneration(
  generator: Generator & { renderPrompt(messages: ChatMessage[]): string },
  prompt: ChatMessage[],
  question: ChatMessage[],
  maxTokens: number,
): Promise<GenerationTiming> {
  return {
    promptOneTokenMs: await answerMs(generator, prompt, 1),
    questionOneTokenMs: await answerMs(generator, question, 1),
    questionAnswerMs: await answerMs(generator, question, maxTokens),
    maxTokens,
    promptTokens: await generator.countTokens(generator.renderPrompt(prompt)),
    questionTokens: await generator.countTokens(generator.renderPrompt(question)),
  };
}

/** A question with its sources, as a first answer's prompt is: the passages, then the question. */
export function answerPrompt(passages: readonly string[], question: string): ChatMessage[] {
  const sources = passages.map((text, i) => `[${i + 1}] ${text}`).join('\n\n');
  return [
    { role: 'system', content: 'Answer from the numbered sources only, citing them as [n].' },
    { role: 'user', content: passages.length > 0 ? `Sources:\n\n${sources}\n\nQuestion: ${question}` : question },
  ];
}

/** Prefill and decode rates from one timing. */
export function generationRates(t: GenerationTiming): { prefillTokensPerSec: number; decodeTokensPerSec: number } {
  return {
    prefillTokensPerSec: (t.promptTokens - t.questionTokens) / ((t.promptOneTokenMs - t.questionOneTokenMs) / 1000),
    decodeTokensPerSec: (t.maxTokens - 1) / ((t.questionAnswerMs - t.questionOneTokenMs) / 1000),
  };
}
