import { describe, expect, it } from 'vitest';
import { extractJsonObject } from '../../../src/core/preparse/index.ts';
import { extractJsonValue } from '../../../src/core/preparse/extract-json.ts';
import { EN_REPLY } from './fixtures.ts';

describe('extractJsonObject', () => {
  it('parses a clean reply', () => {
    expect(extractJsonObject(EN_REPLY)).toEqual(JSON.parse(EN_REPLY));
  });

  it('finds the object inside a ```json fence with prose before and after', () => {
    const raw = `Sure! Here is the parsed result:\n\n\`\`\`json\n${EN_REPLY}\n\`\`\`\n\nLet me know if you need {anything} else.`;
    expect(extractJsonObject(raw)).toEqual(JSON.parse(EN_REPLY));
  });

  it('skips braces in the prose that are not JSON', () => {
    const raw = 'The format {query, summary} is filled below: {"query": "q?", "points": []}';
    expect(extractJsonObject(raw)).toEqual({ query: 'q?', points: [] });
  });

  it('accepts trailing and doubled commas', () => {
    const raw = '{"query": "a", "points": [{"query": "b",}, {"summary": "c"},,], }';
    expect(extractJsonObject(raw)).toEqual({ query: 'a', points: [{ query: 'b' }, { summary: 'c' }] });
  });

  it('removes a Qwen3 <think> block, even one that contains braces', () => {
    const raw = '<think>\nThe user wants {"query": "wrong"} so I will write JSON.\n</think>\n\n{"query": "right"}';
    expect(extractJsonObject(raw)).toEqual({ query: 'right' });
  });

  it('reads the reply after a </think> whose opening tag was in the prompt', () => {
    expect(extractJsonObject('I should parse it. {"x": 1}\n</think>\n{"query": "q"}')).toEqual({ query: 'q' });
  });

  it('finds nothing while the model is still thinking', () => {
    expect(extractJsonObject('<think>\nLet me write {"query": "')).toBeUndefined();
  });

  it('keeps the complete fields and points of a truncated reply, dropping the cut string', () => {
    const cut = EN_REPLY.indexOf('served his time');
    const value = extractJsonObject(EN_REPLY.slice(0, cut));
    expect(value).toEqual({
      query: 'What happens to those who are drafted into the labor force?',
      summary: 'Workers are chosen by a draft lottery, serve their time, and are then free from toil.',
      context: 'When new employees were needed, a draft lottery was held.',
      points: [
        {
          query: 'Who takes part in the draft lottery?',
          summary: 'Everyone registered in the labor force takes part.',
          context: 'All persons registered in the labor force participated.',
        },
        {
          query: 'What happens after serving in the working force reserves?',
          summary: 'A drafted worker who has served is free from toil for life.',
        },
      ],
    });
  });

  it('handles truncation right after a key, a colon, an escape or inside a literal', () => {
    expect(extractJsonObject('{"query": "a", "summary"')).toEqual({ query: 'a' });
    expect(extractJsonObject('{"query": "a", "summary": ')).toEqual({ query: 'a' });
    expect(extractJsonObject('{"query": "a", "summary": "b\\')).toEqual({ query: 'a' });
    expect(extractJsonObject('{"query": "a", "flag": tr')).toEqual({ query: 'a' });
    expect(extractJsonObject('{"query": "a\\u00')).toBeUndefined();
  });

  it('decodes escapes and tolerates raw newlines inside strings', () => {
    expect(extractJsonObject('{"query": "say \\"hi\\"\\n\\u4e2d", "summary": "two\nlines"}')).toEqual({
      query: 'say "hi"\n中',
      summary: 'two\nlines',
    });
  });

  it('returns undefined when nothing usable is there', () => {
    expect(extractJsonObject('')).toBeUndefined();
    expect(extractJsonObject('I cannot help with that.')).toBeUndefined();
    expect(extractJsonObject('{')).toBeUndefined();
    expect(extractJsonObject('{query: summary}')).toBeUndefined();
  });
});

describe('extractJsonValue', () => {
  it('takes the first object or array, skipping bracketed prose that is not JSON', () => {
    expect(extractJsonValue('Verdicts: [1, 0]')).toEqual([1, 0]);
    expect(extractJsonValue('See [the] list: {"needed": [2]}')).toEqual({ needed: [2] });
  });
  it('drops reasoning the same way, and finds nothing in an empty cut-off container', () => {
    expect(extractJsonValue('[0]</think>[1]')).toEqual([1]);
    expect(extractJsonValue('[')).toBeUndefined();
  });
});
