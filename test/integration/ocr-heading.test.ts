/**
 * Headings on a scan, read by the real OCR models (PP-OCRv4 on onnxruntime-node): a printed page
 * whose one sentence is set larger than the rest (its box a third taller than the body's) keeps
 * that sentence in its chunk's text; only the short title set apart by size is a heading.
 */
import { expect, it } from 'vitest';
import { chunkDocument } from '../../src/core/chunk/chunker.ts';
import { ingest } from '../../src/core/ingest/index.ts';
import { loadNodeOcr, nodePdfRenderer } from '../../src/models/ocr-node.ts';
import { imageOnlyPdf } from '../support/image-pdf.ts';
import { drawTextPage } from '../support/text-page.ts';

const SENTENCE = 'The backup generator was replaced on 14 March by the contractor Velmont Systems.';

it('keeps a sentence set larger in the body text, and makes only a short title a heading', async () => {
  const scan = imageOnlyPdf([
    drawTextPage([
      { text: 'Site Maintenance Log', px: 40 },
      { text: 'Its fuel tank now holds enough diesel for two days at full load.', px: 22 },
      { text: 'Nine out of ten routine checks since then were passed on the first run.', px: 22 },
      { text: SENTENCE, px: 27 },
      { text: 'A second line was added to the main hall in the autumn.', px: 22 },
      { text: 'An earth fault in the east wing was mended in one week.', px: 22 },
    ]),
  ]);
  const doc = await ingest('log.pdf', scan, { ocr: { ocr: await loadNodeOcr(), renderer: nodePdfRenderer() } });
  expect(doc.title).toBe('Site Maintenance Log');
  expect(doc.toc.map((h) => h.title)).toEqual(['Site Maintenance Log']);
  const words = async (texts: string[]) => texts.map((t) => t.split(/\s+/).length);
  const chunks = await chunkDocument(doc, words);
  expect(chunks.some((c) => c.text.includes(SENTENCE))).toBe(true);
  expect(chunks.every((c) => c.headingPath.every((h) => !h.includes('Velmont')))).toBe(true);
});
