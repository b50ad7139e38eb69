/**
 * The last word of a long line, read by the real OCR models (PP-OCRv4 on onnxruntime-node): on
 * page 6 of the NIKE 10-K drawn at 144 dpi, as the app draws a scanned page, the line ending
 * "related fields, we also" lost its last letter when the recogniser saw nothing past it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadNodeOcr } from '../../src/models/ocr-node.ts';
import { drawPages } from '../support/image-pdf.ts';
import { DATA_DIR } from '../support/paths.ts';

it('reads a line to its last letter', async () => {
  const bytes = new Uint8Array(await readFile(path.join(DATA_DIR, 'financebench', 'pdfs', 'NIKE_2019_10K.pdf')));
  const [page] = await drawPages(bytes, [6], 2);
  const lines = await (await loadNodeOcr()).recognize(page);
  const line = lines.find((l) => /related fields/.test(l.text));
  expect(line?.text.replace(/\s+/g, '')).toMatch(/relatedfields,wealso$/);
});
