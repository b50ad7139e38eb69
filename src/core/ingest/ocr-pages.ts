import type { ImageDecoder, Ocr, PdfRenderer, RenderablePdf } from '../ports.ts';
import { throwIfAborted } from '../util/abort.ts';
import { IngestError } from './errors.ts';
import { ocrPageLines } from './ocr-lines.ts';
import type { PdfLine } from './pdf-lines.ts';
import { judgeTextLayer } from './text-layer.ts';

/**
 * The pages of a PDF whose text layer is empty or garbage (text-layer.ts), drawn and read by OCR,
 * their lines put in place of the text layer's. Pages with a good text layer are never drawn.
 */

/**
 * The pages of one file OCR has read so far, kept by the caller (IndexedDB in the app): a reading
 * stopped by a pause, a cancel or a closed tab resumes at the first page not kept, rather than
 * again from the first (a page takes seconds; a long scan, minutes).
 */
export interface OcrPageCheckpoint {
  /** The lines read on `page` (1-based), or undefined when it was not read yet. */
  get(page: number): Promise<PdfLine[] | undefined>;
  put(page: number, lines: PdfLine[]): Promise<void>;
}

/** How pages without text are read: scanned PDF pages and dropped images. */
export interface OcrOptions {
  ocr: Ocr;
  renderer: PdfRenderer;
  /** Reads image files (PNG, JPEG, WebP) for OCR; without it an image is refused. */
  images?: ImageDecoder;
  /**
   * Pixels per PDF point the pages are drawn at. 2 (144 dpi) reads 9-point text; 1.5 loses
   * small print and 3 costs twice the time for the same characters (bench:ocr).
   */
  scale?: number;
  signal?: AbortSignal;
  /**
   * Before the first page (done: the pages kept by the checkpoint, 0 on a first reading) and after
   * each page OCR'd: how many of how many, and the page number.
   */
  onPage?: (done: number, total: number, page: number) => void;
  checkpoint?: OcrPageCheckpoint;
}

export const DEFAULT_OCR_SCALE = 2;

/** 1-based numbers of the pages that need OCR. */
export function pagesNeedingOcr(pages: readonly (readonly PdfLine[])[]): number[] {
  const wanted: number[] = [];
  pages.forEach((lines, i) => {
    if (judgeTextLayer(lines) !== 'good') wanted.push(i + 1);
  });
  return wanted;
}

/**
 * Replaces, in `pages` (0-based), the lines of every page that needs OCR with what OCR reads on
 * it (or read before, as the checkpoint kept it); returns the page numbers read. A page OCR finds
 * nothing on keeps its (empty) lines.
 */
export async function ocrPages(file: string, bytes: Uint8Array, pages: PdfLine[][], options: OcrOptions): Promise<number[]> {
  const wanted = pagesNeedingOcr(pages);
  if (wanted.length === 0) return [];
  const todo: number[] = [];
  for (const page of wanted) {
    const kept = await options.checkpoint?.get(page);
    if (kept === undefined) todo.push(page);
    else if (kept.length > 0) pages[page - 1] = kept;
  }
  let done = wanted.length - todo.length;
  options.onPage?.(done, wanted.length, todo[0] ?? wanted[0]);
  if (todo.length === 0) return wanted;
  const scale = options.scale ?? DEFAULT_OCR_SCALE;
  let pdf: RenderablePdf;
  try {
    pdf = await options.renderer.open(bytes);
  } catch (error) {
    throw new IngestError(file, 'corrupt', 'the PDF could not be drawn for OCR (it may be damaged)', { cause: error });
  }
  try {
    for (const page of todo) {
      throwIfAborted(options.signal, 'OCR');
      const image = await pdf.render(page, scale);
      const boxes = await options.ocr.recognize(image, options.signal);
      const lines = ocrPageLines(boxes, { scale: image.scale, imageHeight: image.height });
      if (lines.length > 0) pages[page - 1] = lines;
      await options.checkpoint?.put(page, lines);
      options.onPage?.(++done, wanted.length, page);
    }
  } finally {
    await pdf.close();
  }
  return wanted;
}
