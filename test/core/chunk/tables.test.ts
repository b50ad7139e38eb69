import { describe, expect, it } from 'vitest';
import { continuesAcrossPage } from '../../../src/core/chunk/page-breaks.ts';
import { findTables } from '../../../src/core/chunk/tables.ts';
import type { BlockKind, PlacedBlock } from '../../../src/core/types.ts';

/** Blocks laid out one per line, as assemble() does. */
function layout(blocks: { kind: BlockKind; text: string; page?: number }[]): { text: string; placed: PlacedBlock[] } {
  let text = '';
  const placed: PlacedBlock[] = [];
  for (const b of blocks) {
    if (text) text += '\n';
    placed.push({ kind: b.kind, page: b.page, start: text.length, end: text.length + b.text.length });
    text += b.text;
  }
  return { text, placed };
}

describe('findTables', () => {
  it('takes the short paragraphs above the rows as caption and the rows before the first amount as header', () => {
    const { text, placed } = layout([
      { kind: 'paragraph', text: 'Net sales grew in every segment, as the table below shows for the last three years of operations in detail.', page: 38 },
      { kind: 'paragraph', text: 'AMAZON.COM, INC. CONSOLIDATED STATEMENTS OF OPERATIONS', page: 38 },
      { kind: 'paragraph', text: '(in millions, except per share data)', page: 38 },
      { kind: 'table-row', text: 'Year Ended December 31,', page: 38 },
      { kind: 'table-row', text: '2017 2018 2019', page: 38 },
      { kind: 'table-row', text: 'Net product sales $ 118,573 $ 141,915 $ 160,408', page: 38 },
      { kind: 'table-row', text: 'Operating expenses:', page: 38 },
      { kind: 'paragraph', text: 'See accompanying notes.', page: 38 },
    ]);
    expect(findTables(text, placed)).toEqual([
      {
        first: 1,
        last: 6,
        context: 'AMAZON.COM, INC. CONSOLIDATED STATEMENTS OF OPERATIONS (in millions, except per share data) Year Ended December 31, 2017 2018 2019',
      },
    ]);
  });

  it('stops the header at the last row naming a year ("Assets" is a group label, not a header)', () => {
    const { text, placed } = layout([
      { kind: 'table-row', text: '(MILLIONS) 2021 2020' },
      { kind: 'table-row', text: 'Assets' },
      { kind: 'table-row', text: 'Cash and cash equivalents $ 1,944 $ 1,786' },
    ]);
    expect(findTables(text, placed)[0].context).toBe('(MILLIONS) 2021 2020');
  });

  it('gives a table of text cells its first row as header', () => {
    const { text, placed } = layout([
      { kind: 'table-row', text: 'Name | Position' },
      { kind: 'table-row', text: 'Jane Doe | Chief Executive Officer' },
    ]);
    expect(findTables(text, placed)[0].context).toBe('Name | Position');
  });
});

describe('continuesAcrossPage', () => {
  const check = (before: string, after: string, pages: [number, number] = [3, 4]) => {
    const { text, placed } = layout([
      { kind: 'paragraph', text: before, page: pages[0] },
      { kind: 'paragraph', text: after, page: pages[1] },
    ]);
    return continuesAcrossPage(text, placed[0], placed[1]);
  };

  it('joins a sentence cut by the page end that carries on in lower case or after a function word', () => {
    expect(check('Our revenue depends on the number of', 'subscribers we retain.')).toBe(true);
    expect(check('We lease offices in Seattle and', 'Arlington, Virginia.')).toBe(true);
  });

  it('does not join a finished sentence, a new capitalized paragraph, or pages that are not adjacent', () => {
    expect(check('Revenue grew 20%.', 'subscribers grew too.')).toBe(false);
    expect(check('Item 7 Management discussion', 'Overview of the year.')).toBe(false);
    expect(check('Our revenue depends on the number of', 'subscribers we retain.', [3, 5])).toBe(false);
  });
});
