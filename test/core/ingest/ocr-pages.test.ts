import { describe, expect, it } from 'vitest';
import { MIN_LINE_CONFIDENCE } from '../../../src/core/ingest/ocr-confidence.ts';
import { ocrPageLines } from '../../../src/core/ingest/ocr-lines.ts';
import { ocrPages, pagesNeedingOcr } from '../../../src/core/ingest/ocr-pages.ts';
import { pageBlocks } from '../../../src/core/ingest/pdf-paragraphs.ts';
import { markSizeHeadings } from '../../../src/core/ingest/pdf-headings.ts';
import type { PdfLine } from '../../../src/core/ingest/pdf-lines.ts';
import { judgeTextLayer } from '../../../src/core/ingest/text-layer.ts';
import type { Ocr, OcrLine, PdfRenderer } from '../../../src/core/ports.ts';

const lines = (...texts: string[]): PdfLine[] => texts.map((text, i) => ({ text, y: 700 - 14 * i, x0: 50, x1: 500, size: 10 }));
const box = (text: string, x0: number, y0: number, x1: number, y1: number): OcrLine => ({ text, box: [x0, y0, x1, y1], confidence: 0.9 });

/** A PDF of `pageCount` blank pages, each page number pushed to `drawn` when it is drawn. */
function blankPages(pageCount: number, drawn: number[]): PdfRenderer {
  return {
    async open() {
      return {
        pageCount,
        async render(page, scale) {
          drawn.push(page);
          return { width: 100, height: 200, data: new Uint8ClampedArray(100 * 200 * 4), scale };
        },
        async close() {},
      };
    },
  };
}

describe('judgeTextLayer', () => {
  it('trusts prose, Chinese, tables of numbers and formulas', () => {
    expect(judgeTextLayer(lines('Net income rose to $3,033 million in 2019, up 12% (Note 4).'))).toBe('good');
    expect(judgeTextLayer(lines('数据处理者应当履行数据安全保护义务。'))).toBe('good');
    expect(judgeTextLayer(lines('2019 2018 2017', '$ 3,033 $ 10,073 $ 1,233', 'NYSE PPE EBITDA'))).toBe('good');
    // As pdf.js hands out GeoTopo-komprimiert.pdf's formulas (p. 45, p. 88).
    expect(judgeTextLayer(lines('d 2 (∆( b, c, d )) = ∆( c, d ) − ∆( b, d ) + ∆( b, c )', '⇔ z2z3 + z1z4 = z3z4 + z1z2'))).toBe('good');
  });

  it('sends empty pages and text that is not words to OCR', () => {
    expect(judgeTextLayer([])).toBe('empty');
    expect(judgeTextLayer(lines('42'))).toBe('empty');
    expect(judgeTextLayer(lines('!"#$%&\'()*+,-./ !"#$%&'))).toBe('empty');
    expect(judgeTextLayer(lines('\uE001\uE002\uE003 \uE004\uE005\uE006 \uFFFD\uFFFD\uFFFD\uFFFD \uE010\uE011'))).toBe('garbage');
    expect(judgeTextLayer(lines('#$Ab%& xQzk$#@ !Wp#$q %#Rt&* qwrtzpl bcdfghk'))).toBe('garbage');
  });

  it('picks the pages to OCR, 1-based', () => {
    expect(pagesNeedingOcr([lines('A page with a real text layer of words.'), [], lines('3')])).toEqual([2, 3]);
  });
});

describe('ocrPageLines', () => {
  it('joins the boxes of one line left to right, orders lines top to bottom, in PDF points', () => {
    const out = ocrPageLines(
      [box('second line', 100, 160, 400, 184), box('half', 420, 102, 480, 126), box('A first', 100, 100, 400, 124)],
      { scale: 2, imageHeight: 1000 },
    );
    expect(out.map((l) => l.text)).toEqual(['A first half', 'second line']);
    expect(out[0].y).toBe((1000 - 126) / 2);
    expect(out[0].x0).toBe(50);
    expect(out[0].size).toBe(out[1].size);
  });

  it('keeps the cells of a row together on a page scanned askew', () => {
    // Turned 1.5° counter-clockwise: each cell of a row stands 0.026 px higher per pixel to the right.
    const tilt = Math.tan((1.5 * Math.PI) / 180);
    const cell = (text: string, x: number, y: number): OcrLine => ({ ...box(text, x, y - tilt * x, x + 120, y - tilt * x + 16), angle: (1.5 * Math.PI) / 180 });
    const wide = (text: string, y: number): OcrLine => ({ ...box(text, 50, y - tilt * 50, 650, y - tilt * 350 + 16), angle: (1.5 * Math.PI) / 180 });
    const out = ocrPageLines([wide('A line of prose above the table, as wide as the page.', 100), cell('Capital', 50, 140), cell('Jakarta', 300, 140), cell('Berlin', 550, 140), cell('Currency', 50, 162), cell('Rupiah', 300, 162), cell('Euro', 550, 162)], { scale: 1, imageHeight: 800 });
    expect(out.map((l) => l.text)).toEqual(['A line of prose above the table, as wide as the page.', 'Capital Jakarta Berlin', 'Currency Rupiah Euro']);
  });

  it('joins Chinese pieces without a space and keeps a larger title larger', () => {
    const out = ocrPageLines(
      [box('数据安全法', 100, 40, 400, 100), box('第一条 为了规范', 100, 200, 300, 224), box('数据处理活动', 302, 201, 500, 225), box('保障数据安全。', 100, 240, 400, 264)],
      { scale: 1, imageHeight: 1000 },
    );
    expect(out.map((l) => l.text)).toEqual(['数据安全法', '第一条 为了规范数据处理活动', '保障数据安全。']);
    const pages = [out];
    markSizeHeadings(pages);
    const blocks = pageBlocks(pages[0], 3);
    expect(blocks[0]).toMatchObject({ kind: 'heading', text: '数据安全法', page: 3 });
    expect(blocks[1]).toMatchObject({ kind: 'paragraph', text: '第一条 为了规范数据处理活动保障数据安全。', page: 3 });
  });
});

describe('headings read by OCR', () => {
  // body lines 24-26 px tall at 2×, as the detector boxes 12-point prose
  const body = (text: string, top: number, height = 25) => box(text, 100, top, 1000, top + height);
  const headings = (boxes: OcrLine[]) => {
    const pages = [ocrPageLines(boxes, { scale: 2, imageHeight: 1684 })];
    markSizeHeadings(pages);
    return pageBlocks(pages[0], 1);
  };

  it('are short lines set taller than the body, not sentences whose box came out tall', () => {
    const blocks = headings([
      box('Site Maintenance Log', 100, 100, 500, 142),
      body('Its fuel tank now holds enough diesel for two days at full load.', 180),
      body('Nine out of ten routine checks since then were passed on the first run.', 220, 26),
      // a third taller than the body: once a heading, and the chunk's text lacked it
      body('The backup generator was replaced on 14 March by the contractor Velmont Systems.', 260, 33),
      body('A second line was added to the main hall in the autumn.', 305, 24),
    ]);
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual(['Site Maintenance Log']);
    expect(blocks.find((b) => b.kind === 'paragraph')?.text).toContain('The backup generator was replaced on 14 March by the contractor Velmont Systems.');
  });

  it('keep a short line set taller a heading, and a long one or a Chinese sentence in the body', () => {
    const blocks = headings([
      body('The first paragraph of the report says what it covers and for whom.', 100),
      box('Power supply', 100, 160, 400, 193),
      body('A second line was added to the main hall in the autumn of that year.', 220),
      body('and the east wing was rewired after the inspection found a fault in it', 260, 33),
      body('第二条 在中华人民共和国境内开展数据处理活动及其安全监管，适用本法。', 300, 33),
      body('The last paragraph closes the report with the names of those who wrote it.', 340),
      body('Its three authors thank the staff of the hall for their help with the visits.', 380),
      body('Questions about the report go to the facilities office on the second floor.', 420),
    ]);
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual(['Power supply']);
  });
});

describe('ocrPages', () => {
  it('draws and reads only the pages without a usable text layer', async () => {
    const drawn: number[] = [];
    const renderer = blankPages(3, drawn);
    const ocr: Ocr = { id: 'fake', recognize: async () => [box('Read from the pixels of the scan.', 10, 10, 90, 30)] };
    const progress: number[][] = [];
    const pages = [lines('A page with a real text layer of words.'), [], lines('\uE001\uE002\uE003\uE004 \uE005\uE006\uE007\uE008\uE009\uE00A')];
    const read = await ocrPages('scan.pdf', new Uint8Array(1), pages, { ocr, renderer, onPage: (done, total, page) => progress.push([done, total, page]) });
    expect(read.map((p) => p.page)).toEqual([2, 3]);
    expect(drawn).toEqual([2, 3]);
    expect(progress).toEqual([[0, 2, 2], [1, 2, 2], [2, 2, 3]]);
    expect(pages[0][0].text).toBe('A page with a real text layer of words.');
    expect(pages[1].map((l) => l.text)).toEqual(['Read from the pixels of the scan.']);
  });

  it('leaves out of what it read a page OCR found nothing on, which keeps its own lines', async () => {
    const garbage = lines('\uE001\uE002\uE003\uE004 \uE005\uE006\uE007\uE008\uE009\uE00A');
    const pages = [[], garbage];
    const ocr: Ocr = { id: 'fake', recognize: async () => [] };
    const read = await ocrPages('scan.pdf', new Uint8Array(1), pages, { ocr, renderer: blankPages(2, []) });
    // neither page counts as scanned: the page view must not box the garbage as if OCR had read it
    expect(read).toEqual([]);
    expect(pages[1]).toBe(garbage);
  });

  it('drops the lines OCR is unsure of, and takes a page left with none as one with no readable text', async () => {
    const sure = box('The pump was serviced in May.', 10, 10, 90, 30);
    // what the recogniser makes of marks that are not writing
    const unsure = (text: string, y: number, confidence: number): OcrLine => ({ ...box(text, 10, y, 90, y + 20), confidence });
    const readings = new Map<number, OcrLine[]>([
      [1, [sure, unsure('三 T 一一三号', 40, 0.62)]],
      [2, [unsure('中E P二二一三5', 10, 0.55), unsure('<>', 40, MIN_LINE_CONFIDENCE - 0.01)]],
    ]);
    let drawing = 0;
    const ocr: Ocr = { id: 'fake', recognize: async () => readings.get(++drawing) ?? [] };
    const pages: PdfLine[][] = [[], []];
    const reported: [number, boolean | undefined][] = [];
    const read = await ocrPages('scan.pdf', new Uint8Array(1), pages, { ocr, renderer: blankPages(2, []), onPage: (done, _total, page, unreadable) => done > 0 && reported.push([page, unreadable]) });
    expect(read.map((p) => p.page)).toEqual([1]);
    expect(pages[0].map((l) => l.text)).toEqual(['The pump was serviced in May.']);
    expect(pages[1]).toEqual([]);
    expect(reported).toEqual([[1, false], [2, true]]);
  });

  it('resumes at the first page its checkpoint has not kept, and keeps each page it reads', async () => {
    const drawn: number[] = [];
    const renderer = blankPages(4, drawn);
    const ocr: Ocr = { id: 'fake', recognize: async () => [box('Read from the pixels of the scan.', 10, 10, 90, 30)] };
    // pages 1 and 2 were read before the reading stopped; page 2 held nothing
    const kept = new Map<number, PdfLine[]>([[1, lines('Kept from the first reading.')], [2, []]]);
    const checkpoint = { get: async (page: number) => kept.get(page), put: async (page: number, read: PdfLine[]) => void kept.set(page, read) };
    const progress: number[][] = [];
    const pages: PdfLine[][] = [[], [], [], []];
    const read = await ocrPages('scan.pdf', new Uint8Array(1), pages, { ocr, renderer, checkpoint, onPage: (done, total, page) => progress.push([done, total, page]) });
    // the pages OCR found lines on, kept or read now (page 2 held nothing)
    expect(read.map((p) => p.page)).toEqual([1, 3, 4]);
    expect(drawn).toEqual([3, 4]);
    // the bar starts where the last reading stopped
    expect(progress).toEqual([[2, 4, 3], [3, 4, 3], [4, 4, 4]]);
    expect(pages.map((p) => p.map((l) => l.text))).toEqual([['Kept from the first reading.'], [], ['Read from the pixels of the scan.'], ['Read from the pixels of the scan.']]);
    expect([...kept.keys()].sort()).toEqual([1, 2, 3, 4]);

    // all kept: the PDF is not even opened for drawing
    drawn.length = 0;
    await ocrPages('scan.pdf', new Uint8Array(1), [[], [], [], []], { ocr, renderer, checkpoint });
    expect(drawn).toEqual([]);
  });
});
