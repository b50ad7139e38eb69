import { describe, expect, it } from 'vitest';
import { NOT_FOUND_EN, NOT_FOUND_ZH, answerMessages, promptTokenBudget, sourceTokenBudget } from '../../../src/core/answer/prompt.ts';
import type { ChatMessage } from '../../../src/core/ports.ts';
import { ScriptedGenerator, source, wordCount } from './doubles.ts';

const sources = [source(1, 'Alpha was founded in 1901.'), source(2, 'Beta moved to Lyon.')];

describe('answerMessages', () => {
  it('gives English instructions with the not-found sentence and the citation form', () => {
    const [system, user] = answerMessages('When was Alpha founded?', sources, { lang: 'en' });
    expect(system.role).toBe('system');
    expect(system.content).toContain(NOT_FOUND_EN);
    expect(system.content).toContain('[1]');
    expect(system.content).toMatch(/only/i);
    expect(user.role).toBe('user');
    expect(user.content).toContain('[1] Doc d\nAlpha was founded in 1901.\n\n[2] Doc d\nBeta moved to Lyon.');
    expect(user.content.indexOf('[2] Doc d')).toBeLessThan(user.content.indexOf('Question: When was Alpha founded?'));
    expect(user.content.endsWith('Question: When was Alpha founded?')).toBe(true);
  });

  it('gives Chinese instructions for a Chinese question', () => {
    const [system, user] = answerMessages('阿尔法哪年成立？', sources, { lang: 'zh' });
    expect(system.content).toContain(NOT_FOUND_ZH);
    expect(system.content).toContain('资料');
    expect(system.content).toContain('[1]');
    expect(system.content).not.toContain(NOT_FOUND_EN);
    expect(user.content).toContain('资料：');
    expect(user.content).toContain('[2] Doc d\nBeta moved to Lyon.');
    expect(user.content.endsWith('问题：阿尔法哪年成立？')).toBe(true);
  });

  it('places earlier turns between the instructions and the question, without their system messages', () => {
    const history: ChatMessage[] = [
      { role: 'system', content: 'old system prompt' },
      { role: 'user', content: 'Who founded Alpha?' },
      { role: 'assistant', content: 'Ada did [1].' },
    ];
    const messages = answerMessages('When?', sources, { lang: 'en', history });
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[1].content).toBe('Who founded Alpha?');
    expect(messages.some((m) => m.content === 'old system prompt')).toBe(false);
  });
});

describe('sourceTokenBudget', () => {
  it('leaves the context minus the answer reserve, the prompt without sources and the margin', async () => {
    const generator = new ScriptedGenerator([], 1000);
    const promptWords = answerMessages('When was Alpha founded?', [], { lang: 'en' })
      .map((m) => wordCount(m.content) + 8)
      .reduce((a, b) => a + b, 0);
    const budget = await sourceTokenBudget('When was Alpha founded?', generator, {
      lang: 'en',
      maxTokens: 200,
      marginTokens: 10,
    });
    expect(budget).toBe(1000 - 200 - promptWords - 10);
    expect(budget).toBeGreaterThan(600);
  });

  it('is never negative', async () => {
    const generator = new ScriptedGenerator([], 100);
    expect(await sourceTokenBudget('q', generator, { lang: 'en', maxTokens: 512 })).toBe(0);
  });
});

describe('promptTokenBudget', () => {
  it('budgets any prompt: context minus the reply reserve, each message with its template markers, and the margin', async () => {
    const generator = new ScriptedGenerator([], 1000);
    const messages: ChatMessage[] = [
      { role: 'system', content: 'Pick one letter.' },
      { role: 'user', content: 'Excerpts: none so far' },
    ];
    // 3 + 4 words, 8 template tokens per message
    expect(await promptTokenBudget(messages, generator, { reserve: 30, margin: 10 })).toBe(1000 - 30 - (3 + 8) - (4 + 8) - 10);
    expect(await promptTokenBudget(messages, generator, { reserve: 30 })).toBe(1000 - 30 - 23 - 64);
  });

  it('is what sourceTokenBudget gives for the answering prompt', async () => {
    const generator = new ScriptedGenerator([], 1000);
    const messages = answerMessages('When?', [], { lang: 'zh' });
    expect(await sourceTokenBudget('When?', generator, { lang: 'zh', maxTokens: 100 })).toBe(
      await promptTokenBudget(messages, generator, { reserve: 100 }),
    );
  });
});
