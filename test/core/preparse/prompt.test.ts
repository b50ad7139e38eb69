import { describe, expect, it } from 'vitest';
import { PREPARSE_GENERATION, PREPARSE_SCHEMA, preparseMessages } from '../../../src/core/preparse/index.ts';
import { EN_TEXT, ZH_TEXT } from './fixtures.ts';

const TEMPLATE = '{"query":"","summary":"","context":"","points":[{"query":"","summary":"","context":""}]}';

describe('preparseMessages', () => {
  it('asks in English, with the text, the JSON shape and the rules', () => {
    const messages = preparseMessages(EN_TEXT, 'en');
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    const user = messages[1].content;
    expect(user).toContain(EN_TEXT);
    expect(user).toContain(TEMPLATE);
    expect(user).toContain('verbatim');
    expect(user).toContain('1 to 5');
    expect(user).toContain('language of the text');
    expect(user).toContain('JSON object only');
    expect(user).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('asks in Chinese for a Chinese text', () => {
    const messages = preparseMessages(ZH_TEXT, 'zh');
    const user = messages[1].content;
    expect(user).toContain(ZH_TEXT);
    expect(user).toContain(TEMPLATE);
    expect(user).toContain('逐字摘录');
    expect(user).toContain('1 到 5');
    expect(user).toContain('原文的语言');
    expect(user).toContain('只输出 JSON');
    expect(messages[0].content).toContain('JSON');
  });

  it('falls back to English for other languages', () => {
    expect(preparseMessages('Bonjour.', 'other')).toEqual(preparseMessages('Bonjour.', 'en'));
  });
});

describe('PREPARSE_SCHEMA and PREPARSE_GENERATION', () => {
  it('requires the whole triple and points of the same triple', () => {
    const triple = {
      type: 'object',
      properties: { query: { type: 'string' }, summary: { type: 'string' }, context: { type: 'string' } },
      required: ['query', 'summary', 'context'],
      additionalProperties: false,
    };
    expect(PREPARSE_SCHEMA).toEqual({
      ...triple,
      properties: { ...triple.properties, points: { type: 'array', items: triple } },
      required: ['query', 'summary', 'context', 'points'],
    });
    expect(Object.isFrozen(PREPARSE_SCHEMA)).toBe(true);
  });

  it("uses the paper code's sampling", () => {
    expect(PREPARSE_GENERATION).toEqual({ temperature: 0.7, topP: 0.8, maxTokens: 1024 });
  });
});
