import { describe, expect, it, vi } from 'vitest';
import {
  PreparseFormatError,
  entriesFromPreparse,
  extractJsonObject,
  validatePreparse,
} from '../../../src/core/preparse/index.ts';
import { EN_REPLY, EN_REPLY_INVENTED, EN_TEXT, ZH_REPLY, ZH_TEXT } from './fixtures.ts';

describe('validatePreparse', () => {
  it('keeps every field of a well-formed reply', () => {
    const parsed = validatePreparse(JSON.parse(EN_REPLY), EN_TEXT);
    expect(parsed.dropped).toEqual([]);
    expect(parsed.whole.context).toBe('When new employees were needed, a draft lottery was held.');
    expect(parsed.points).toHaveLength(2);
    expect(parsed.points[1].query).toBe('What happens after serving in the working force reserves?');
  });

  it('drops an invented context and reports it, keeping the rest of its point', () => {
    const parsed = validatePreparse(JSON.parse(EN_REPLY_INVENTED), EN_TEXT);
    expect(parsed.dropped).toEqual([{ field: 'points[1].context', reason: 'not found in source' }]);
    expect(parsed.points[1]).toEqual({
      query: 'Are drafted workers paid?',
      summary: 'Drafted workers receive double pay.',
    });
  });

  it('keeps Chinese contexts re-punctuated by the model and drops the invented one', () => {
    const parsed = validatePreparse(extractJsonObject(ZH_REPLY), ZH_TEXT);
    expect(parsed.whole.context).toBe(
      '个人信息是以电子或者其他方式记录的与已识别或者可识别的自然人有关的各种信息, 不包括匿名化处理后的信息',
    );
    expect(parsed.points[0].context).toBe('个人信息的处理包括个人信息的收集,储存,使用,加工,传输,提供,公开,删除等.');
    expect(parsed.points[1].context).toBeUndefined();
    expect(parsed.dropped).toEqual([{ field: 'points[1].context', reason: 'not found in source' }]);
  });

  it('trims, ignores non-strings, drops empty fields, bad points and duplicates', () => {
    const parsed = validatePreparse(
      {
        query: '  Who serves?  ',
        summary: 42,
        context: '   ',
        points: [
          'not a point',
          { query: 'Who serves?', summary: 'Whoever is drawn.', context: 'If you were drawn, you had to serve.' },
          { query: '', summary: null },
          { summary: 'Whoever is drawn.' },
        ],
        extra: 'ignored',
      },
      EN_TEXT,
    );
    expect(parsed.whole).toEqual({ query: 'Who serves?' });
    // The empty third point and the all-duplicate fourth point disappear: points stay dense.
    expect(parsed.points).toEqual([{ summary: 'Whoever is drawn.', context: 'If you were drawn, you had to serve.' }]);
    expect(parsed.dropped).toEqual([
      { field: 'summary', reason: 'not a string' },
      { field: 'context', reason: 'empty' },
      { field: 'points[0]', reason: 'not an object' },
      { field: 'points[1].query', reason: 'duplicate' },
      { field: 'points[2].query', reason: 'empty' },
      { field: 'points[2].summary', reason: 'not a string' },
      { field: 'points[3].summary', reason: 'duplicate' },
    ]);
  });

  it('normalizes the source once per reply, however many contexts it checks', () => {
    const normalize = vi.spyOn(String.prototype, 'normalize');
    try {
      const parsed = validatePreparse(JSON.parse(EN_REPLY_INVENTED), EN_TEXT);
      expect(parsed.dropped).toHaveLength(1); // three contexts checked, one of them not found
      const ofSource = normalize.mock.contexts.filter((self) => String(self) === EN_TEXT);
      expect(ofSource).toHaveLength(1);
    } finally {
      normalize.mockRestore();
    }
  });

  it("reads the paper code's `reference` as context", () => {
    const parsed = validatePreparse({ reference: 'All persons registered in the labor force participated.' }, EN_TEXT);
    expect(parsed.whole).toEqual({ context: 'All persons registered in the labor force participated.' });
  });

  it('throws PreparseFormatError when nothing usable is left', () => {
    expect(() => validatePreparse([1, 2], EN_TEXT)).toThrow(PreparseFormatError);
    expect(() => validatePreparse('text', EN_TEXT)).toThrow(PreparseFormatError);
    expect(() => validatePreparse({}, EN_TEXT)).toThrow('no usable field');
    expect(() => validatePreparse({ context: 'Aliens landed on the moon yesterday.', points: 3 }, EN_TEXT)).toThrow(
      'no usable field (context: not found in source; points: not an array)',
    );
  });
});

describe('entriesFromPreparse', () => {
  it('builds entries in order with stable ids, kinds, levels and texts', () => {
    const origin = { type: 'cluster', id: 'g#3' } as const;
    const parsed = validatePreparse(JSON.parse(EN_REPLY_INVENTED), EN_TEXT);
    const entries = entriesFromPreparse(origin, parsed, 'llm');
    expect(entries.map((e) => [e.id, e.kind, e.level, e.text])).toEqual([
      ['g#3|query|whole|0', 'query', 'whole', 'How are workers drafted?'],
      ['g#3|summary|whole|0', 'summary', 'whole', 'A draft lottery picks workers from the labor force.'],
      ['g#3|context|whole|0', 'context', 'whole', 'When new employees were needed, a draft lottery was held.'],
      ['g#3|query|point|0', 'query', 'point', 'Who must serve?'],
      ['g#3|summary|point|0', 'summary', 'point', 'Whoever is drawn must serve.'],
      ['g#3|context|point|0', 'context', 'point', 'If you were drawn, you had to serve.'],
      ['g#3|query|point|1', 'query', 'point', 'Are drafted workers paid?'],
      ['g#3|summary|point|1', 'summary', 'point', 'Drafted workers receive double pay.'],
    ]);
    for (const e of entries) {
      expect(e.origin).toEqual(origin);
      expect(e.producer).toBe('llm');
    }
  });
});
