import { describe, expect, it } from 'vitest';
import { extractiveEntries } from '../../../src/core/preparse/index.ts';
import { ZH_TEXT } from './fixtures.ts';

const rows = (origin: { type: 'chunk'; id: string }, text: string, path: string[]) =>
  extractiveEntries(origin, text, path).map((e) => [e.id, e.kind, e.level, e.text, e.producer]);

describe('extractiveEntries', () => {
  it('makes one context per English sentence, merging short ones into the next', () => {
    const text =
      'Chapter 2\nThe draft lottery was held every spring. Yes. All persons registered in the labor force took part. ' +
      'Mr. Smith was drawn first of all.';
    expect(rows({ type: 'chunk', id: 'd:4' }, text, ['DANGEROUS QUARRY', 'Part One'])).toEqual([
      [
        'd:4|summary|whole|0',
        'summary',
        'whole',
        'DANGEROUS QUARRY › Part One: Chapter 2\nThe draft lottery was held every spring.',
        'extractive',
      ],
      ['d:4|context|point|0', 'context', 'point', 'Chapter 2\nThe draft lottery was held every spring.', 'extractive'],
      ['d:4|context|point|1', 'context', 'point', 'Yes. All persons registered in the labor force took part.', 'extractive'],
      ['d:4|context|point|2', 'context', 'point', 'Mr. Smith was drawn first of all.', 'extractive'],
    ]);
  });

  it('splits a Chinese paragraph into sentences and lines', () => {
    expect(rows({ type: 'chunk', id: 'z:0' }, ZH_TEXT, ['中华人民共和国个人信息保护法', '第一章 总 则'])).toEqual([
      [
        'z:0|summary|whole|0',
        'summary',
        'whole',
        '中华人民共和国个人信息保护法 › 第一章 总 则: 第四条 个人信息是以电子或者其他方式记录的与已识别或者可识别的自然人有关的各种信息，不包括匿名化处理后的信息。',
        'extractive',
      ],
      [
        'z:0|context|point|0',
        'context',
        'point',
        '第四条 个人信息是以电子或者其他方式记录的与已识别或者可识别的自然人有关的各种信息，不包括匿名化处理后的信息。',
        'extractive',
      ],
      [
        'z:0|context|point|1',
        'context',
        'point',
        '个人信息的处理包括个人信息的收集、存储、使用、加工、传输、提供、公开、删除等。',
        'extractive',
      ],
    ]);
  });

  it('merges a short Chinese heading line into the sentence after it, and a short tail into the one before', () => {
    const text = '总则\n第一条 为了保护个人信息权益，制定本法。其他。';
    expect(extractiveEntries({ type: 'chunk', id: 'z:1' }, text, []).map((e) => e.text)).toEqual([
      // No heading path: the summary would repeat the first context, so there is none.
      '总则\n第一条 为了保护个人信息权益，制定本法。其他。',
    ]);
  });

  it('keeps every context a verbatim piece of the text', () => {
    const text = 'A. B. The first real sentence is here. C. Another full sentence follows it. D.';
    const entries = extractiveEntries({ type: 'chunk', id: 'x' }, text, ['T']);
    const contexts = entries.filter((e) => e.kind === 'context').map((e) => e.text);
    expect(contexts).toEqual(['A. B. The first real sentence is here.', 'C. Another full sentence follows it. D.']);
    for (const c of contexts) expect(text.includes(c)).toBe(true);
  });

  it('returns nothing for empty text', () => {
    expect(extractiveEntries({ type: 'chunk', id: 'x' }, '  \n ', ['T'])).toEqual([]);
  });
});
