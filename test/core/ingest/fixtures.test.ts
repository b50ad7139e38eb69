import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../src/core/util/hash.ts';
import type { Doc } from '../../../src/core/types.ts';
import { allFixtures, blockTexts, FINANCE_PDFS_DIR, fixturePath, loadDoc } from './fixtures.ts';

/** Invariants every ingested document must keep. */
function checkInvariants(doc: Doc): void {
  expect(doc.text.trim().length).toBeGreaterThan(0);
  expect(doc.blocks.length).toBeGreaterThan(0);
  let previousEnd = -1;
  for (const b of doc.blocks) {
    const text = doc.text.slice(b.start, b.end);
    expect(text.length).toBeGreaterThan(0);
    expect(text).toBe(text.trim());
    if (b.kind !== 'code') expect(text).not.toMatch(/\n/);
    expect(b.start).toBe(previousEnd + 1);
    previousEnd = b.end;
  }
  expect(previousEnd).toBe(doc.text.length);
  expect(doc.text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  for (const e of doc.toc) {
    expect(doc.text.slice(e.start, e.start + e.title.length)).toBe(e.title);
    expect(e.end).toBeGreaterThan(e.start);
    if (e.parent >= 0) {
      const parent = doc.toc[e.parent];
      expect(parent.level).toBeLessThan(e.level);
      expect(parent.start).toBeLessThan(e.start);
      expect(parent.end).toBeGreaterThanOrEqual(e.end);
    }
  }
}

describe('every fixture ingests', () => {
  for (const file of allFixtures()) {
    it(path.relative(path.dirname(path.dirname(file)), file), async () => {
      const doc = await loadDoc(file);
      checkInvariants(doc);
      expect(doc.name).toBe(path.basename(file));
      expect(doc.size).toBe(fs.statSync(file).size);
      expect(doc.title.length).toBeGreaterThan(0);
    });
  }
});

describe('Markdown laws', () => {
  it('数据安全法: chapters nest under the law title, articles are paragraphs', async () => {
    const doc = await loadDoc('md_zh/数据安全法_2021.md');
    expect(doc.id).toBe(await sha256Hex(fs.readFileSync(fixturePath('md_zh/数据安全法_2021.md'))));
    expect(doc.id).toMatch(/^[0-9a-f]{64}$/);
    expect(doc.mime).toBe('text/markdown');
    expect(doc.language).toBe('zh');
    expect(doc.title).toBe('中华人民共和国数据安全法');
    const chapter = doc.toc.findIndex((e) => e.title === '第四章 数据安全保护义务');
    expect(chapter).toBeGreaterThan(0);
    expect(doc.toc[chapter].level).toBe(2);
    expect(doc.toc[doc.toc[chapter].parent].title).toBe('中华人民共和国数据安全法');
    expect(doc.toc.map((e) => e.title)).toContain('第一章 总 则');
    const section = doc.text.slice(doc.toc[chapter].start, doc.toc[chapter].end);
    expect(section).toContain('第二十七条');
    expect(section).not.toContain('第五章');
    const article = doc.blocks.find((b) => doc.text.startsWith('第二十七条', b.start));
    expect(article?.kind).toBe('paragraph');
    expect(doc.text).not.toContain('INFO END');
  });

  it('民法典: sections (节) nest under chapters under parts', async () => {
    const doc = await loadDoc('md_zh/民法典_合同编.md');
    const section = doc.toc.find((e) => e.title === '第一节 一般规定' && e.level === 4);
    expect(section).toBeDefined();
    const chapter = doc.toc[section!.parent];
    expect(chapter.title).toBe('第十三章 保证合同');
    expect(doc.toc[chapter.parent].title).toBe('第二分编 典型合同');
  });
});

describe('DOCX', () => {
  it('keeps headings, list items and table rows as those kinds', async () => {
    const doc = await loadDoc('docx/mineru_docx_01.docx');
    expect(doc.language).toBe('zh');
    const headings = blockTexts(doc, 'heading');
    expect(headings).toContain('1 这是第一章标题');
    const tables = doc.toc.find((e) => e.title === 'Many Tables');
    expect(tables?.level).toBe(2);
    expect(doc.toc[tables!.parent].title).toBe('1 这是第一章标题');
    expect(blockTexts(doc, 'list-item').length).toBeGreaterThan(10);
    expect(blockTexts(doc, 'table-row').some((t) => t.includes(' | '))).toBe(true);
  });

  it('mammoth fixtures: a list, a table with cells joined, footnotes', async () => {
    expect(blockTexts(await loadDoc('docx/mammoth_simple-list.docx'), 'list-item')).toEqual(['Apple', 'Banana']);
    const tables = await loadDoc('docx/mammoth_tables.docx');
    expect(tables.blocks.map((b) => [b.kind, tables.text.slice(b.start, b.end)])).toEqual([
      ['paragraph', 'Above'],
      ['table-row', 'Top left | Top right'],
      ['table-row', 'Bottom left | Bottom right'],
      ['paragraph', 'Below'],
    ]);
    expect((await loadDoc('docx/mammoth_footnotes.docx')).text).toContain('A tachyon walks into a bar.');
  });
});

describe('EPUB', () => {
  it('reads chapters in spine order with the OPF title', async () => {
    const doc = await loadDoc('epub/alice_gutenberg.epub');
    expect(doc.mime).toBe('application/epub+zip');
    expect(doc.title).toBe("Alice's Adventures in Wonderland");
    expect(doc.language).toBe('en');
    const titles = doc.toc.map((e) => e.title.toLowerCase());
    const rabbit = titles.indexOf('down the rabbit-hole');
    const pool = titles.indexOf('the pool of tears');
    expect(rabbit).toBeGreaterThanOrEqual(0);
    expect(pool).toBeGreaterThan(rabbit);
    expect(doc.text.indexOf('Alice was beginning to get very tired')).toBeLessThan(doc.text.indexOf('Curiouser and curiouser'));
  });
});

describe('HTML', () => {
  it('reads the leaderboard page: title, table rows, no script text', async () => {
    const doc = await loadDoc('html/quality_leaderboard_index.html');
    expect(doc.title).toBe('QuALITY Leaderboard');
    expect(doc.language).toBe('en');
    expect(blockTexts(doc, 'table-row').some((t) => /RAPTOR \(collapsed tree\) \+ GPT-4.* \| 82\.6/.test(t))).toBe(true);
    expect(doc.text).not.toContain('"@context"');
    expect(doc.text).not.toContain('jquery');
  });
});

describe('PDF', () => {
  it('pdflatex-outline: headings from the outline, with their pages', async () => {
    const doc = await loadDoc('pdf/pypdf_pdflatex-outline.pdf');
    expect(doc.mime).toBe('application/pdf');
    expect(doc.pageCount).toBe(4);
    expect(doc.toc.map((e) => [e.title, e.level, e.page])).toEqual([
      ['1 Foo', 1, 2],
      ['2 Bar', 1, 2],
      ['3 Baz', 1, 2],
      ['4 Foo', 1, 2],
      ['5 Bar', 1, 3],
      ['6 Baz', 1, 3],
      ['7 Foo', 1, 3],
      ['8 Bar', 1, 4],
      ['9 Baz', 1, 4],
    ]);
    // The contents page lists the sections but is not where they are.
    const contents = doc.blocks.find((b) => doc.text.slice(b.start, b.end) === 'Contents');
    expect(contents?.page).toBe(1);
    expect(contents?.kind).toBe('paragraph');
  });

  it('GeoTopo: nested outline and text on the right page', async () => {
    const doc = await loadDoc('pdf/pypdf_GeoTopo-komprimiert.pdf');
    expect(doc.pageCount).toBe(117);
    expect(doc.language).toBe('other');
    const metric = doc.toc.find((e) => e.title === '1.2 Metrische Räume');
    expect(metric?.page).toBe(10);
    expect(doc.toc[metric!.parent].title).toBe('1 Topologische Grundbegriffe');
    expect(doc.toc.find((e) => e.title === '4.2.1 Flächeninhalt')?.level).toBe(3);
    const def = doc.blocks.find((b) => doc.text.slice(b.start, b.end).includes('Ein topologischer Raum ist ein Paar'));
    expect(def?.page).toBe(6);
  });

  it('page numbers on blocks match the page that holds the text', async () => {
    const doc = await loadDoc('pdf/pypdf_pdflatex-4-pages.pdf');
    expect(doc.blocks.map((b) => b.page)).toEqual([1, 2, 3, 4]);
    const google = await loadDoc('pdf/pypdf_google-doc-document.pdf');
    const zen = google.blocks.find((b) => google.text.slice(b.start, b.end).includes('Readability counts.'));
    expect(zen?.page).toBe(1);
    const form = await loadDoc('pdf/pdfjs_prefilled_f1040.pdf');
    const page2 = form.blocks.filter((b) => b.page === 2).map((b) => form.text.slice(b.start, b.end));
    expect(page2.join(' ')).toMatch(/Tax and Credits/);
    expect(form.blocks.filter((b) => b.page === 1).some((b) => form.text.slice(b.start, b.end).includes('Filing Status'))).toBe(true);
  });

  it('the Chinese PDF is Chinese, with Kangxi radicals normalized', async () => {
    const doc = await loadDoc('pdf/mineru_zh_chemistry_introduction.pdf');
    expect(doc.language).toBe('zh');
    expect(doc.text).toContain('化学学科常用符号公式');
    expect(doc.text).not.toMatch(/[\u2f00-\u2fdf]/);
  });

  it('a financial filing without outline gets headings from font sizes', async () => {
    const doc = await loadDoc(path.join(FINANCE_PDFS_DIR, 'PEPSICO_2023_8K_dated-2023-05-05.pdf'));
    expect(doc.pageCount).toBe(5);
    expect(doc.language).toBe('en');
    expect(doc.toc.length).toBeGreaterThan(0);
    expect(doc.text).toMatch(/PepsiCo/i);
  });
});
