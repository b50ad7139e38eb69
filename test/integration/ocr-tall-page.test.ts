/**
 * A tall page's small print, read by the real OCR models (PP-OCRv4 on onnxruntime-node): the
 * Chinese chemistry mind map is 1,772 × 3,347 pixels at a pixel a point, and its smallest labels
 * were lost when the detector saw it squeezed to 2,000 pixels high (193 of the 2,149 characters of
 * its text layer unread; 15 now). Characters are counted in any order: the page is a map of boxes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { cerText, sharedCharacters } from '../../bench/core/cer.ts';
import { loadPdfjs } from '../../src/core/ingest/index.ts';
import { loadNodeOcr } from '../../src/models/ocr-node.ts';
import { drawPages } from '../support/image-pdf.ts';
import { DOCUMENTS_DIR } from '../support/paths.ts';

const FILE = path.join(DOCUMENTS_DIR, 'pdf', 'mineru_zh_chemistry_introduction.pdf');

async function textLayer(bytes: Uint8Array): Promise<string> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true, verbosity: pdfjs.VerbosityLevel.ERRORS });
  try {
    const content = await (await (await task.promise).getPage(1)).getTextContent();
    return content.items.map((item) => ('str' in item ? item.str : '')).join('');
  } finally {
    await task.destroy();
  }
}

/** Share of the reference's characters (as a multiset) found in the reading. */
function found(reference: string, reading: string): number {
  const wanted = [...cerText(reference)];
  return sharedCharacters(wanted, [...cerText(reading)]) / wanted.length;
}

it('reads the small print of a page taller than the detector\'s side', async () => {
  const bytes = new Uint8Array(await readFile(FILE));
  const [page] = await drawPages(bytes, [1], 1);
  expect([page.width, page.height]).toEqual([1771, 3347]);
  const lines = await (await loadNodeOcr()).recognize(page);
  const reading = lines.map((l) => l.text).join('\n');
  expect(found(await textLayer(bytes), reading)).toBeGreaterThan(0.98);
  // labels in the page's smallest print
  expect(reading).toContain('吡喃葡萄糖');
});
