/**
 * A scan indexed end to end with the real OCR models (PP-OCRv4 on onnxruntime-node) and the real
 * tiny-lexical-bert-zh embedder: three real pages drawn to pixels and wrapped as a JPEG-only PDF
 * (no text layer), indexed through the engine; a question whose answer is only on one page finds
 * that page by number, in English and in Chinese.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETRIEVAL } from '../../src/core/engine/defaults.ts';
import { LociEngine } from '../../src/core/engine/engine.ts';
import { parseDocument } from '../../src/core/ingest/index.ts';
import { MemoryIndexStore } from '../../src/core/stored-index/memory-store.ts';
import type { Embedder } from '../../src/core/ports.ts';
import { loadNodeModels } from '../../src/models/node.ts';
import { loadNodeOcr, nodeImageDecoder, nodePdfRenderer } from '../../src/models/ocr-node.ts';
import { drawPages, encodeImage, imageOnlyPdf, topOf } from '../support/image-pdf.ts';
import { DOCUMENTS_DIR, MODELS_DIR } from '../support/paths.ts';

const PDF_DIR = path.join(DOCUMENTS_DIR, 'pdf');
const read = async (name: string) => new Uint8Array(await readFile(path.join(PDF_DIR, name)));

let embedder: Embedder;
let scan: Uint8Array;

beforeAll(async () => {
  ({ embedder } = await loadNodeModels({ modelsDir: MODELS_DIR, embedder: 'tiny-lexical-bert-zh' }));
  // The tops of the pages (each line read is time): a title and eight lines of the Zen of Python,
  // the blind text's first fourteen lines; the Chinese page is 1,772 × 3,347 points, and its top
  // third holds the chemistry symbols' table.
  const [zen] = await drawPages(await read('pypdf_google-doc-document.pdf'), [1], 2);
  const [latex] = await drawPages(await read('pypdf_pdflatex-4-pages.pdf'), [1], 2);
  const [chemistry] = await drawPages(await read('mineru_zh_chemistry_introduction.pdf'), [1], 1);
  scan = imageOnlyPdf([topOf(zen, 420), topOf(latex, 560), topOf(chemistry, 1100)]);
});

describe('an image-only PDF', () => {
  it('is refused without OCR, saying to turn it on', async () => {
    await expect(parseDocument('scan.pdf', scan)).rejects.toThrow(/no text layer.*turn OCR on/);
  });

  it('is OCR\'d page by page, indexed, and a question finds the page that answers it', async () => {
    const engine = await LociEngine.open({ embedder, store: new MemoryIndexStore() });
    const pages: number[] = [];
    const ocr = await loadNodeOcr();
    const { added, failed } = await engine.indexFiles([{ name: 'scan.pdf', bytes: scan }], {
      ingest: { ocr: { ocr, renderer: nodePdfRenderer(), onPage: (done, _total, page) => done > 0 && pages.push(page) } },
    });
    expect(failed).toEqual([]);
    expect(pages).toEqual([1, 2, 3]);
    const doc = added[0].doc;
    expect(doc.pageCount).toBe(3);
    expect(doc.text).toContain('Flat is better than nested.');
    expect(doc.text).toContain('热化学方程式');
    // where each page's lines stand, for the page view's boxes: inside the page, top to bottom
    expect(doc.scanned?.map((p) => p.page)).toEqual([1, 2, 3]);
    const second = doc.scanned?.[1].lines ?? [];
    expect(second.map((l) => l.text).join(' ')).toContain('Huardest gefburn');
    expect(second.every((l) => l.x0 >= 0 && l.x1 > l.x0 && l.size > 0)).toBe(true);
    expect(second.map((l) => l.y)).toEqual([...second.map((l) => l.y)].sort((a, b) => b - a));

    // one hop: what is checked is that the scanned words are found on their page; a second hop over
    // a three-page library takes its words from the best page and brings the others' passages
    const oneHop = { ...DEFAULT_RETRIEVAL, hops: 1 as const, n: 3 };
    const english = await engine.retrieve('Is the blind text different from Huardest gefburn?', oneHop);
    const top = [...english.chunks].sort((a, b) => a.firstRank - b.firstRank)[0];
    expect(top.chunk.page).toBe(2);
    expect(english.chunks.some((c) => c.chunk.page === 2 && c.chunk.text.includes('Huardest gefburn'))).toBe(true);

    const chinese = await engine.retrieve('反应条件中什么代表加热？', oneHop);
    const zh = [...chinese.chunks].sort((a, b) => a.firstRank - b.firstRank)[0];
    expect(zh.chunk.page).toBe(3);
    expect(chinese.chunks.some((c) => c.chunk.page === 3 && c.chunk.text.includes('代表加热'))).toBe(true);
  });

  it('has a photo of a page read the same way: a PNG becomes a one-page document whose lines stand where the image shows them', async () => {
    const [page] = await drawPages(await read('pypdf_pdflatex-4-pages.pdf'), [1], 2);
    const latex = topOf(page, 560);
    const png = encodeImage(latex, 'png');
    const engine = await LociEngine.open({ embedder, store: new MemoryIndexStore() });
    const { added, failed } = await engine.indexFiles([{ name: 'photo.png', bytes: png }], {
      ingest: { ocr: { ocr: await loadNodeOcr(), renderer: nodePdfRenderer(), images: nodeImageDecoder() } },
    });
    expect(failed).toEqual([]);
    const doc = added[0].doc;
    expect(doc).toMatchObject({ mime: 'image/png', pageCount: 1 });
    expect(doc.text).toContain('Huardest gefburn');
    const lines = doc.scanned?.[0].lines ?? [];
    expect(lines.every((l) => l.x0 >= 0 && l.x1 <= latex.width && l.y >= 0 && l.y <= latex.height)).toBe(true);
    const found = await engine.retrieve('Is the blind text different from Huardest gefburn?', { ...DEFAULT_RETRIEVAL, n: 3 });
    expect(found.chunks.some((c) => c.chunk.page === 1 && c.chunk.text.includes('Huardest gefburn'))).toBe(true);
  });
});
