import { describe, expect, it } from 'vitest';
import { assemble } from '../../../src/core/ingest/assemble.ts';
import { detectLanguage } from '../../../src/core/ingest/language.ts';
import { buildToc } from '../../../src/core/ingest/toc.ts';
import type { Block } from '../../../src/core/types.ts';

describe('assemble', () => {
  const blocks: Block[] = [
    { kind: 'heading', level: 1, text: 'Title' },
    { kind: 'paragraph', text: '' },
    { kind: 'paragraph', text: 'First paragraph.', page: 2 },
    { kind: 'code', text: 'a\n  b' },
    { kind: 'paragraph', text: '   ' },
    { kind: 'list-item', text: '中文条目' },
  ];

  it('joins blocks with newlines and places each exactly', () => {
    const { text, blocks: placed } = assemble(blocks);
    expect(text).toBe('Title\nFirst paragraph.\na\n  b\n中文条目');
    expect(placed.map((b) => text.slice(b.start, b.end))).toEqual(['Title', 'First paragraph.', 'a\n  b', '中文条目']);
  });

  it('drops empty blocks and keeps kind, level and page', () => {
    const { blocks: placed } = assemble(blocks);
    expect(placed.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'code', 'list-item']);
    expect(placed[0].level).toBe(1);
    expect(placed[1].page).toBe(2);
    expect(placed[1].level).toBeUndefined();
  });

  it('gives an empty text for no blocks', () => {
    expect(assemble([])).toEqual({ text: '', blocks: [] });
  });
});

describe('buildToc', () => {
  const { text, blocks } = assemble([
    { kind: 'heading', level: 1, text: 'Book', page: 1 },
    { kind: 'paragraph', text: 'intro' },
    { kind: 'heading', level: 2, text: 'Chapter 1', page: 2 },
    { kind: 'heading', level: 3, text: 'Section 1.1', page: 2 },
    { kind: 'paragraph', text: 'body 1.1' },
    { kind: 'heading', level: 2, text: 'Chapter 2', page: 3 },
    { kind: 'paragraph', text: 'body 2' },
    { kind: 'heading', level: 1, text: 'Appendix' },
    { kind: 'paragraph', text: 'tail' },
  ]);
  const toc = buildToc(text, blocks);

  it('lists headings in order with their parents', () => {
    expect(toc.map((e) => [e.title, e.level, e.parent])).toEqual([
      ['Book', 1, -1],
      ['Chapter 1', 2, 0],
      ['Section 1.1', 3, 1],
      ['Chapter 2', 2, 0],
      ['Appendix', 1, -1],
    ]);
  });

  it('gives each section the span up to the next heading of the same or higher rank', () => {
    const span = (i: number): string => text.slice(toc[i].start, toc[i].end);
    expect(span(0)).toBe('Book\nintro\nChapter 1\nSection 1.1\nbody 1.1\nChapter 2\nbody 2');
    expect(span(1)).toBe('Chapter 1\nSection 1.1\nbody 1.1');
    expect(span(2)).toBe('Section 1.1\nbody 1.1');
    expect(span(3)).toBe('Chapter 2\nbody 2');
    expect(span(4)).toBe('Appendix\ntail');
    expect(toc[4].end).toBe(text.length);
  });

  it('carries page numbers when the heading has one', () => {
    expect(toc.map((e) => e.page)).toEqual([1, 2, 2, 3, undefined]);
  });

  it('handles a document that starts below level 1', () => {
    const a = assemble([
      { kind: 'heading', level: 3, text: 'deep' },
      { kind: 'heading', level: 2, text: 'less deep' },
    ]);
    const t = buildToc(a.text, a.blocks);
    expect(t.map((e) => e.parent)).toEqual([-1, -1]);
    expect(t[0].end).toBe(4);
  });
});

describe('detectLanguage', () => {
  it('detects Chinese, also with English terms inside', () => {
    expect(detectLanguage('第一条 为了规范数据处理活动，保障数据安全，促进数据开发利用。')).toBe('zh');
    expect(detectLanguage('MinerU 支持 DOCX 文档解析了，这是第一章标题，包含 hyperlink 和公式。')).toBe('zh');
  });

  it('detects English prose', () => {
    expect(detectLanguage('Alice was beginning to get very tired of sitting by her sister on the bank.')).toBe('en');
  });

  it('calls other Latin-script languages, Japanese and empty text other', () => {
    expect(detectLanguage('Ein topologischer Raum ist ein Paar bestehend aus einer Menge und einer Topologie.')).toBe('other');
    expect(detectLanguage('これは日本語の文章です。漢字とひらがなが混ざっています。')).toBe('other');
    expect(detectLanguage('')).toBe('other');
    expect(detectLanguage('12 34 56')).toBe('other');
  });
});
