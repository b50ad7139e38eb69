import { describe, expect, it } from 'vitest';
import type { PlacedBlock, TocEntry } from '../../src/core/types.ts';
import { blocksOf, locateChunk, pageRange, passageWindow, sectionTrail } from '../../src/app/lib/passage-view.ts';

// "Title\nFirst para.\nSecond para.\nThird para."
const text = 'Title\nFirst para.\nSecond para.\nThird para.';
const blocks: PlacedBlock[] = [
  { kind: 'heading', level: 1, start: 0, end: 5 },
  { kind: 'paragraph', start: 6, end: 17, page: 1 },
  { kind: 'paragraph', start: 18, end: 30, page: 1 },
  { kind: 'paragraph', start: 31, end: 42, page: 2 },
];

function passage(start: number, end: number, body = text) {
  return { text: body, blocks, chunk: { text: text.slice(start, end), start, end } };
}

describe('locateChunk', () => {
  it('trusts the span when it matches the text', () => {
    expect(locateChunk(passage(18, 30))).toEqual({ start: 18, end: 30 });
  });
  it('finds the chunk by its text when the span does not match', () => {
    const p = { text: `xx${text}`, blocks, chunk: { text: 'Second para.', start: 18, end: 30 } };
    expect(locateChunk(p)).toEqual({ start: 20, end: 32 });
  });
  it('gives up when the text is not there', () => {
    expect(locateChunk({ text: 'nothing', blocks: [], chunk: { text: 'else', start: 0, end: 4 } })).toBeUndefined();
  });
});

describe('passageWindow', () => {
  it('splits the chunk out of its block and keeps context around it', () => {
    const view = passageWindow(passage(18, 30), 1, 1);
    expect(view.blocks.map((b) => b.index)).toEqual([1, 2, 3]);
    expect(view.blocks[1]).toMatchObject({ before: '', marked: 'Second para.', after: '' });
    expect(view.blocks[0].marked).toBe('');
    expect(view).toMatchObject({ hiddenAbove: 1, hiddenBelow: 0 });
  });

  it('marks a chunk spanning part of two blocks', () => {
    const view = passageWindow(passage(12, 24), 0, 0);
    expect(view.blocks.map((b) => [b.before, b.marked, b.after])).toEqual([
      ['First ', 'para.', ''],
      ['', 'Second', ' para.'],
    ]);
  });

  it('falls back to one paragraph per line when there are no blocks', () => {
    expect(blocksOf({ text: 'a\n\nbc', blocks: [], chunk: { text: '', start: 0, end: 0 } })).toEqual([
      { kind: 'paragraph', start: 0, end: 1 },
      { kind: 'paragraph', start: 3, end: 5 },
    ]);
  });
});

describe('sectionTrail and pageRange', () => {
  const toc: TocEntry[] = [
    { title: 'Book', level: 1, parent: -1, start: 0, end: 100 },
    { title: 'Chapter 1', level: 2, parent: 0, start: 10, end: 50 },
    { title: 'Section 1.1', level: 3, parent: 1, start: 20, end: 40 },
    { title: 'Chapter 2', level: 2, parent: 0, start: 50, end: 100 },
  ];
  it('walks from the innermost section out', () => {
    expect(sectionTrail(toc, 25)).toEqual(['Book', 'Chapter 1', 'Section 1.1']);
    expect(sectionTrail(toc, 60)).toEqual(['Book', 'Chapter 2']);
    expect(sectionTrail(toc, 150)).toEqual([]);
  });
  it('reports single pages and ranges', () => {
    expect(pageRange({ page: 3 })).toEqual({ from: 3, to: 3 });
    expect(pageRange({ page: 3, pageEnd: 4 })).toEqual({ from: 3, to: 4 });
    expect(pageRange({})).toBeUndefined();
  });
});
