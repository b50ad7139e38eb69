import type { ParsedDocument } from '../types.ts';
import { IngestError } from './errors.ts';
import { imageSize } from './image-size.ts';
import { readByOcr, type OcrOptions, type PageSource } from './ocr-pages.ts';
import { markSizeHeadings } from './pdf-headings.ts';
import { pageBlocks } from './pdf-paragraphs.ts';
import { markTableRows } from './pdf-tables.ts';
import { scannedLines } from './scanned-lines.ts';

/**
 * An image (a photo of a page, a screenshot, a scanned receipt) → one page of blocks, read by OCR,
 * through the same line, heading and table code as a scanned PDF page. Its size is read from the
 * header first: one too large to decode safely is refused, a large one is decoded scaled down.
 */

/** Largest image taken, in pixels: 100 MP (a 20,000 × 20,000 image, 400 MP, would be gigabytes decoded). */
export const MAX_IMAGE_PIXELS = 100_000_000;

/**
 * Largest image OCR is given, in pixels (the PDF renderer's cap): the detector sees at most
 * 2,000 pixels a side anyway, and 20 MP of RGBA is four bytes a pixel.
 */
export const MAX_OCR_PIXELS = 20_000_000;

export async function parseImage(file: string, bytes: Uint8Array, ocr?: OcrOptions): Promise<ParsedDocument & { pageCount: number }> {
  const size = imageSize(bytes);
  if (!size) throw new IngestError(file, 'corrupt', 'the image is damaged (its size cannot be read from it)');
  const pixels = size.width * size.height;
  if (pixels > MAX_IMAGE_PIXELS) {
    const n = (x: number) => x.toLocaleString('en-US');
    throw new IngestError(file, 'too-large', `the image is ${n(size.width)} × ${n(size.height)} pixels, more than the ${MAX_IMAGE_PIXELS / 1e6} million an image may have here; scale it down and add it again`);
  }
  const images = ocr?.images;
  if (!ocr || !images) throw new IngestError(file, 'unsupported', 'the file is an image: its text can be read only by OCR, which is turned off');

  const scale = Math.min(1, Math.sqrt(MAX_OCR_PIXELS / pixels));
  const width = Math.max(1, Math.floor(size.width * scale));
  const height = Math.max(1, Math.floor(size.height * scale));
  const openImage = async (): Promise<PageSource> => ({
    async draw() {
      try {
        // in the image's own pixels, y up, as a PDF page's points: the page view boxes them on it
        return { ...(await images.decode(bytes, width, height)), scale: width / size.width };
      } catch (error) {
        throw new IngestError(file, 'corrupt', 'the image could not be decoded (it may be damaged)', { cause: error });
      }
    },
    close: async () => {},
  });
  const [{ lines }] = await readByOcr([1], openImage, ocr);
  if (lines.length === 0) throw new IngestError(file, 'empty', 'OCR found no readable text in the image');
  const scanned = [{ page: 1, lines: scannedLines(lines) }];
  const pages = [lines];
  markSizeHeadings(pages);
  const blocks = pageBlocks(markTableRows(pages[0]), 1);
  const result: ParsedDocument & { pageCount: number } = { blocks, pageCount: 1, scanned };
  const title = blocks.find((b) => b.kind === 'heading')?.text;
  if (title) result.title = title;
  return result;
}
