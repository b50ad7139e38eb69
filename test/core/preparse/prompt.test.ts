import { describe, expect, it } from 'vitest';
import { PREPARSE_SCHEMA, preparseMessages, validatePreparse } from '../../../src/core/preparse/index.ts';
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

describe('PREPARSE_SCHEMA', () => {
  it('asks for the fields the prompt shows, and a reply of that shape passes validation', () => {
    const shown = JSON.parse(TEMPLATE) as { points: object[] };
    const schema = PREPARSE_SCHEMA as { required: string[]; properties: { points: { items: { required: string[] } } } };
    expect([...schema.required].sort()).toEqual(Object.keys(shown).sort());
    expect([...schema.properties.points.items.required].sort()).toEqual(Object.keys(shown.points[0]).sort());
    const reply = {
      query: 'Who took part?',
      summary: 'Everyone in the labor force.',
      context: 'All persons registered in the labor force participated.',
      points: [{ query: 'Who had to serve?', summary: 'Those drawn.', context: 'If you were drawn, you had to serve.' }],
    };
    expect(validatePreparse(reply, EN_TEXT).dropped).toEqual([]);
  });

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(PREPARSE_SCHEMA)).toBe(true);
    expect(Object.isFrozen(PREPARSE_SCHEMA.properties)).toBe(true);
  });
});
