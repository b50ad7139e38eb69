import { describe, expect, it } from 'vitest';
import { chunkDocument, chunkEmbeddingText, chunkEntryText } from '../../../src/core/chunk/index.ts';
import type { Block, Doc, PlacedBlock, TocEntry } from '../../../src/core/types.ts';

/** A document assembled the way ingestion does it: blocks joined by newlines, toc from headings. */
function makeDoc(blocks: Block[]): Doc {
  let text = '';
  const placed: PlacedBlock[] = [];
  const toc: TocEntry[] = [];
  for (const b of blocks) {
    if (text) text += '\n';
    const start = text.length;
    text += b.text;
    placed.push({ kind: b.kind, level: b.level, page: b.page, start, end: text.length });
    if (b.kind === 'heading') {
      let parent = toc.length - 1;
      while (parent >= 0 && toc[parent].level >= (b.level ?? 1)) parent = toc[parent].parent;
      toc.push({ title: b.text, level: b.level ?? 1, parent, start, end: 0, page: b.page });
    }
  }
  for (let i = 0; i < toc.length; i++) {
    let j = i + 1;
    while (j < toc.length && toc[j].level > toc[i].level) j++;
    toc[i].end = j < toc.length ? toc[j].start : text.length;
  }
  return { id: 'd', name: 'd.md', mime: 'text/markdown', size: text.length, title: 'D', language: 'en', text, blocks: placed, toc };
}

/** One token per whitespace-separated word: enough to check the packing arithmetic by hand. */
const countWords = async (texts: string[]) => texts.map((t) => t.split(/\s+/).filter(Boolean).length);

const sentence = (i: number, words = 4) => `S${i} ${'w '.repeat(words - 2)}end.`;

describe('chunkDocument', () => {
  const doc = makeDoc([
    { kind: 'heading', level: 1, text: 'Law' },
    { kind: 'paragraph', text: 'Preamble words here.' },
    { kind: 'heading', level: 2, text: 'Chapter 1' },
    { kind: 'paragraph', text: [1, 2, 3, 4, 5].map((i) => sentence(i)).join(' '), page: 3 },
    { kind: 'paragraph', text: sentence(6), page: 4 },
    { kind: 'heading', level: 2, text: 'Chapter 2' },
    { kind: 'heading', level: 3, text: 'Section 2.1' },
    { kind: 'list-item', text: sentence(7) },
  ]);

  it('keeps every chunk inside one section, with its heading path', async () => {
    const chunks = await chunkDocument(doc, countWords, { chunkTokens: 8, overlapTokens: 4 });
    expect(chunks.map((c) => c.headingPath.join(' › '))).toEqual([
      'Law',
      'Law › Chapter 1',
      'Law › Chapter 1',
      'Law › Chapter 1',
      'Law › Chapter 1',
      'Law › Chapter 1',
      'Law › Chapter 2 › Section 2.1',
    ]);
    for (const c of chunks) expect(c.text).toBe(doc.text.slice(c.start, c.end));
    expect(chunks.map((c) => c.ordinal)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(chunks[6].id).toBe('d:6');
  });

  it('packs sentences up to the token limit and overlaps by whole sentences', async () => {
    const chunks = await chunkDocument(doc, countWords, { chunkTokens: 8, overlapTokens: 4 });
    // Chapter 1 has six 4-word sentences: [1,2] then [2,3] (S2 carried), [3,4], [4,5], [5,6].
    expect(chunks.slice(1, 5).map((c) => c.text.match(/S\d/g))).toEqual([
      ['S1', 'S2'],
      ['S2', 'S3'],
      ['S3', 'S4'],
      ['S4', 'S5'],
    ]);
    expect(chunks.slice(1, 5).every((c) => c.tokens === 8)).toBe(true);
  });

  it('crosses blocks inside a section and records the page range', async () => {
    const chunks = await chunkDocument(doc, countWords, { chunkTokens: 8, overlapTokens: 0 });
    const last = chunks.find((c) => c.text.includes('S6'))!;
    expect(last.text).toMatch(/^S5 .*\nS6 /s);
    expect(last.page).toBe(3);
    expect(last.pageEnd).toBe(4);
  });

  it('cuts a sentence longer than a chunk into pieces that fit', async () => {
    const long = makeDoc([{ kind: 'paragraph', text: Array.from({ length: 25 }, (_, i) => `w${i}`).join(' ') + '.' }]);
    const chunks = await chunkDocument(long, countWords, { chunkTokens: 10, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    for (const c of chunks) expect(c.tokens).toBeLessThanOrEqual(10);
    expect(chunks.map((c) => c.text).join(' ')).toBe(long.text);
  });

  it('rejects an overlap as large as the chunk', async () => {
    await expect(chunkDocument(doc, countWords, { chunkTokens: 5, overlapTokens: 5 })).rejects.toThrow(RangeError);
  });

  it('prefixes the heading path to the embedded text only', async () => {
    const [first] = await chunkDocument(doc, countWords, { chunkTokens: 100, overlapTokens: 0 });
    expect(chunkEmbeddingText(first)).toBe('# Law\n\nPreamble words here.');
    // the entry text, which BM25 counts and stored records are rebuilt from, stays as it was written
    expect(chunkEntryText(first)).toBe('Law\nPreamble words here.');
    expect(first.text).toBe('Preamble words here.');
  });
});

describe('chunkDocument on tables and page breaks', () => {
  const rows = Array.from({ length: 12 }, (_, i) => ({ kind: 'table-row' as const, text: `Line item ${i} 1,${i}00 2,${i}00`, page: 7 }));
  const statement = makeDoc([
    { kind: 'heading', level: 1, text: 'Financial Statements' },
    { kind: 'paragraph', text: 'Some prose before the statement ends here.', page: 6 },
    { kind: 'paragraph', text: 'CONSOLIDATED STATEMENTS OF OPERATIONS', page: 7 },
    { kind: 'table-row', text: 'Year Ended December 31, 2019 2018', page: 7 },
    ...rows,
    { kind: 'paragraph', text: 'See accompanying notes.', page: 7 },
  ]);

  it('starts a table in a new chunk, cuts it between rows only, and repeats its caption and header', async () => {
    // Each row is 5 words; the context "CONSOLIDATED … 2019 2018" is 9, leaving 16 per later chunk.
    const chunks = await chunkDocument(statement, countWords, { chunkTokens: 25, overlapTokens: 4 });
    for (const c of chunks) expect(c.text).toBe(statement.text.slice(c.start, c.end));
    expect(chunks[0].text).toBe('Some prose before the statement ends here.');
    expect(chunks[1].text.startsWith('CONSOLIDATED STATEMENTS OF OPERATIONS\nYear Ended December 31, 2019 2018\nLine item 0')).toBe(true);
    expect(chunks[1].headingPath).toEqual(['Financial Statements']);
    const later = chunks.slice(2);
    expect(later.length).toBeGreaterThanOrEqual(3);
    for (const c of later) {
      expect(c.headingPath).toEqual(['Financial Statements', 'CONSOLIDATED STATEMENTS OF OPERATIONS Year Ended December 31, 2019 2018']);
      expect(c.text).toMatch(/^Line item \d+ /); // no prose carried in, no row cut
      expect(c.tokens).toBeLessThanOrEqual(16 + 3); // the rows' share plus, in the last, the closing note
    }
    const rowsSeen = chunks.flatMap((c) => c.text.split('\n').filter((l) => l.startsWith('Line item')));
    expect(rowsSeen).toEqual(rows.map((r) => r.text)); // every row exactly once: no overlap inside a table
    expect(chunkEmbeddingText(later[0])).toMatch(/^# Financial Statements\n## CONSOLIDATED STATEMENTS OF OPERATIONS Year Ended December 31, 2019 2018\n\nLine item/);
  });

  it('keeps a table that fits in one chunk whole', async () => {
    const small = makeDoc([
      { kind: 'paragraph', text: 'A b c d e f g h i j.' },
      { kind: 'paragraph', text: 'Revenue by segment' },
      { kind: 'table-row', text: 'North America 1,000 2,000' },
      { kind: 'table-row', text: 'International 3,000 4,000' },
    ]);
    const chunks = await chunkDocument(small, countWords, { chunkTokens: 15, overlapTokens: 3 });
    expect(chunks.map((c) => c.text)).toEqual(['A b c d e f g h i j.', 'Revenue by segment\nNorth America 1,000 2,000\nInternational 3,000 4,000']);
  });

  it('keeps a sentence cut by a page break in one chunk that spans both pages', async () => {
    const broken = makeDoc([
      { kind: 'paragraph', text: 'First sentence here. The company leases its headquarters in', page: 3 },
      { kind: 'paragraph', text: 'seattle under a lease ending in 2030. Next one. The lease has two renewal options of five years each, at market rent.', page: 4 },
    ]);
    const chunks = await chunkDocument(broken, countWords, { chunkTokens: 13, overlapTokens: 0 });
    const cut = chunks.find((c) => c.text.includes('headquarters'))!;
    expect(cut.text).toBe('The company leases its headquarters in\nseattle under a lease ending in 2030.');
    expect([cut.page, cut.pageEnd]).toEqual([3, 4]);
    expect(chunks[0]).toMatchObject({ text: 'First sentence here.', page: 3 });
    expect(chunks[0].pageEnd).toBeUndefined();
  });
});
