import { describe, expect, it } from 'vitest';
import { markOutlineHeadings, markSizeHeadings } from '../../../src/core/ingest/pdf-headings.ts';
import { groupLines, type PdfTextRun } from '../../../src/core/ingest/pdf-lines.ts';
import { joinLines, pageBlocks, type PageLine } from '../../../src/core/ingest/pdf-paragraphs.ts';

const run = (str: string, x: number, y: number, size = 10, eol = false): PdfTextRun => ({
  str,
  x,
  y,
  width: str.length * size * 0.5,
  size,
  eol,
});
const line = (text: string, y: number, size = 10, x0 = 50): PageLine => ({ text, y, x0, x1: 500, size });

describe('groupLines', () => {
  it('joins runs on one baseline, adds missing word spaces, keeps subscripts on the line', () => {
    const lines = groupLines([run('Hello', 50, 700), run('world', 80, 700), run('1', 105, 697, 7), run('Next', 50, 686)]);
    expect(lines.map((l) => l.text)).toEqual(['Hello world1', 'Next']);
    expect(lines[0].size).toBe(10);
  });

  it('breaks after a run marked as end of line', () => {
    const lines = groupLines([run('a', 50, 700, 10, true), run('b', 60, 700)]);
    expect(lines.map((l) => l.text)).toEqual(['a', 'b']);
  });
});

describe('pageBlocks', () => {
  it('groups lines into paragraphs at larger gaps and indents, with the page number', () => {
    const lines = [
      line('First paragraph line one', 700),
      line('line two of it.', 688),
      line('Second after a gap', 660),
      line('continues here.', 648),
      line('Indented new paragraph', 636, 10, 65),
      line('goes on.', 624),
    ];
    const blocks = pageBlocks(lines, 7);
    expect(blocks.map((b) => b.text)).toEqual([
      'First paragraph line one line two of it.',
      'Second after a gap continues here.',
      'Indented new paragraph goes on.',
    ]);
    expect(blocks.every((b) => b.page === 7 && b.kind === 'paragraph')).toBe(true);
  });

  it('merges the lines of one heading and keeps its level', () => {
    const lines: PageLine[] = [
      { ...line('A long title', 700, 16), heading: 1, headingId: 4 },
      { ...line('on two lines', 682, 16), heading: 1, headingId: 4 },
      line('Body.', 650),
    ];
    const blocks = pageBlocks(lines, 1);
    expect(blocks.map((b) => [b.kind, b.text, b.level])).toEqual([
      ['heading', 'A long title on two lines', 1],
      ['paragraph', 'Body.', undefined],
    ]);
  });
});

describe('joinLines', () => {
  it('rejoins hyphenated words, keeps compound hyphens, adds no space in Chinese', () => {
    expect(joinLines('unterschiedli-', 'chem')).toBe('unterschiedlichem');
    expect(joinLines('Schwarz-', 'Weiß')).toBe('Schwarz-Weiß');
    expect(joinLines('化学反应', '方程式')).toBe('化学反应方程式');
    expect(joinLines('plain', 'words')).toBe('plain words');
  });
});

describe('markOutlineHeadings', () => {
  it('finds each bookmark below its destination, with a section number in front', () => {
    const page = [line('1 Foo', 700, 14), line('text', 680), line('2 Bar', 600, 14), line('text', 580), line('3 Foo', 500, 14)];
    const placed = markOutlineHeadings([[], page], [
      { title: 'Foo', level: 1, pageIndex: 1, top: 715 },
      { title: 'Bar', level: 2, pageIndex: 1, top: 615 },
      { title: 'Foo', level: 1, pageIndex: 1, top: 515 },
    ]);
    expect(placed).toBe(3);
    expect(page.map((l) => l.heading)).toEqual([1, undefined, 2, undefined, 1]);
  });

  it('inserts a bookmark whose title is not on the page as its own heading line', () => {
    const page = [line('Some text', 700), line('More text', 500)];
    markOutlineHeadings([page], [{ title: 'Missing Section', level: 1, pageIndex: 0, top: 600 }]);
    expect(page.map((l) => [l.text, l.heading])).toEqual([
      ['Some text', undefined],
      ['Missing Section', 1],
      ['More text', undefined],
    ]);
  });
});

describe('markSizeHeadings', () => {
  it('ranks larger-than-body sizes into levels and ignores body text', () => {
    const pages = [
      [line('Big Title', 750, 20), line('Section', 700, 14), ...Array.from({ length: 8 }, (_, i) => line(`body text line ${i}`, 680 - 12 * i))],
      [line('Other Section', 750, 14), line('more body text here', 730)],
    ];
    expect(markSizeHeadings(pages)).toBe(3);
    expect(pages[0][0].heading).toBe(1);
    expect(pages[0][1].heading).toBe(2);
    expect(pages[1][0].heading).toBe(2);
    expect(pages[0][2].heading).toBeUndefined();
  });
});
