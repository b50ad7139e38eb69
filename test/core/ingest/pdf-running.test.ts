import { describe, expect, it } from 'vitest';
import type { PdfLine } from '../../../src/core/ingest/pdf-lines.ts';
import { dropRunningLines } from '../../../src/core/ingest/pdf-running.ts';

const line = (text: string, y: number): PdfLine => ({ text, y, x0: 50, x1: 500, size: 10 });

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima'];

/** A page of body lines (different words on every page) between what the test puts above and below them. */
function page(p: number, top: string[], bottom: string[]): PdfLine[] {
  const lines = top.map((t, i) => line(t, 780 - 12 * i));
  for (let i = 0; i < 5; i++) lines.push(line(`Body ${WORDS[i]} of page ${WORDS[p]} with its own words.`, 700 - 14 * i));
  bottom.forEach((t, i) => lines.push(line(t, 60 - 12 * i)));
  return lines;
}

const texts = (pages: PdfLine[][]) => pages.map((lines) => lines.map((l) => l.text));

describe('dropRunningLines', () => {
  it('removes a header and a numbered footer repeated on many pages, keeps the body', () => {
    const pages = Array.from({ length: 8 }, (_, p) => page(p, ['Table of Contents', 'ACME Corp'], [`ACME Corp | 2023 Form 10-K | ${p + 40}`]));
    const out = texts(dropRunningLines(pages));
    for (const [p, lines] of out.entries()) {
      expect(lines).toHaveLength(5);
      expect(lines[0]).toBe(`Body alpha of page ${WORDS[p]} with its own words.`);
    }
  });

  it('keeps a line that recurs on too few pages (a statement title on 2 of 12)', () => {
    const pages = Array.from({ length: 12 }, (_, p) => page(p, p === 3 || p === 4 ? ['Consolidated Balance Sheets'] : [], [String(p + 1)]));
    const out = texts(dropRunningLines(pages));
    expect(out[3][0]).toBe('Consolidated Balance Sheets');
    expect(out.flat().some((t) => /^\d+$/.test(t))).toBe(false); // the page numbers, 12 of 12, go
  });

  it('peels from the edge only: a repeated line under a unique first line stays', () => {
    const pages = Array.from({ length: 6 }, (_, p) => page(p, [`Statement ${WORDS[p]}`, 'Percent to Sales'], []));
    const out = texts(dropRunningLines(pages));
    expect(out.every((lines) => lines[1] === 'Percent to Sales')).toBe(true);
  });

  it('finds the header by position even when pdf.js emits it after the body', () => {
    const pages = Array.from({ length: 5 }, (_, p) => {
      const lines = page(p, [], []);
      lines.push(line('Running Title', 790));
      return lines;
    });
    expect(texts(dropRunningLines(pages)).flat()).not.toContain('Running Title');
  });

  it('folds numbers: "Page 1 of 4" to "Page 4 of 4" is one running line', () => {
    const pages = Array.from({ length: 4 }, (_, p) => page(p, [`Page ${p + 1} of 4`], []));
    expect(texts(dropRunningLines(pages)).flat().some((t) => t.startsWith('Page '))).toBe(false);
  });

  it('removes a bare page number at the edge of even a one-page document, not one inside it', () => {
    const pages = [[line('12', 780), line('Body 3', 700), line('7', 680), line('More body', 660), line('iv', 40)]];
    expect(texts(dropRunningLines(pages))).toEqual([['Body 3', '7', 'More body']]);
  });

  it('keeps a year standing alone under a running header, though page numbers fold to the same key', () => {
    // LOCKHEEDMARTIN_2020_10K p. 86: "Table of Contents", then "2018" over a table; "86" at the foot.
    const pages = Array.from({ length: 6 }, (_, p) => page(p, p === 2 ? ['Table of Contents', '2018'] : ['Table of Contents'], [String(p + 80)]));
    const out = texts(dropRunningLines(pages));
    expect(out[2][0]).toBe('2018');
    expect(out.flat()).not.toContain('Table of Contents');
  });

  it('never treats a short document’s two matching pages as running', () => {
    const pages = [page(0, ['Dear shareholder'], []), page(1, ['Dear shareholder'], [])];
    expect(texts(dropRunningLines(pages)).every((lines) => lines[0] === 'Dear shareholder')).toBe(true);
  });
});
