import type { ImageDecoder, Ocr, PdfRenderer, RenderablePdf, RenderedPage } from '../ports.ts';
import { throwIfAborted } from '../util/abort.ts';
import { IngestError } from './errors.ts';
import { readableLines } from './ocr-confidence.ts';
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
   * each page OCR'd: how many of how many, and the page number; after a page, `unreadable` is true
   * when OCR found no readable text on it.
   */
  onPage?: (done: number, total: number, page: number, unreadable?: boolean) => void;
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

/** A page OCR read: its number (1-based) and its lines, in PDF points. */
export interface ReadPage {
  page: number;
  lines: PdfLine[];
}

/** Where the pages to read are drawn from: a PDF opened for drawing, or a decoded image. */
export interface PageSource {
  /** The page drawn, with the pixels per PDF point (for an image, per pixel of its own) it is drawn at. */
  draw(page: number): Promise<RenderedPage>;
  close(): Promise<void>;
}

/**
 * Reads `wanted` pages by OCR: the checkpoint's kept pages are taken as read, the rest drawn from the
 * source (opened only when there is one to draw), read, kept and reported one at a time. Returns
 * every page read, in order, with the lines OCR read with confidence (none, on a page with no
 * readable text).
 */
export async function readByOcr(wanted: readonly number[], open: () => Promise<PageSource>, options: OcrOptions): Promise<ReadPage[]> {
  const read = new Map<number, PdfLine[]>();
  const todo: number[] = [];
  for (const page of wanted) {
    const kept = await options.checkpoint?.get(page);
    if (kept === undefined) todo.push(page);
    else read.set(page, kept);
  }
  let done = read.size;
  options.onPage?.(done, wanted.length, todo[0] ?? wanted[0]);
  if (todo.length > 0) {
    const source = await open();
    try {
      for (const page of todo) {
        throwIfAborted(options.signal, 'OCR');
        const image = await source.draw(page);
        // the lines it is unsure of are dropped: on a page of marks that are not writing, all of them
        const lines = ocrPageLines(readableLines(await options.ocr.recognize(image, options.signal)), { scale: image.scale, imageHeight: image.height });
        await options.checkpoint?.put(page, lines);
        read.set(page, lines);
        options.onPage?.(++done, wanted.length, page, lines.length === 0);
      }
    } finally {
      await source.close();
    }
  }
  return wanted.map((page) => ({ page, lines: read.get(page) ?? [] }));
}

/**
 * Replaces, in `pages` (0-based), the lines of every page that needs OCR with what OCR reads on it
 * (or read before, as the checkpoint kept it); returns the pages where OCR found lines. A page OCR
 * finds nothing on keeps its own lines.
 */
export async function ocrPages(file: string, bytes: Uint8Array, pages: PdfLine[][], options: OcrOptions): Promise<ReadPage[]> {
  const wanted = pagesNeedingOcr(pages);
  if (wanted.length === 0) return [];
  const scale = options.scale ?? DEFAULT_OCR_SCALE;
  const open = async (): Promise<PageSource> => {
    let pdf: RenderablePdf;
    try {
      pdf = await options.renderer.open(bytes);
    } catch (error) {
      throw new IngestError(file, 'corrupt', 'the PDF could not be drawn for OCR (it may be damaged)', { cause: error });
    }
    return { draw: (page) => pdf.render(page, scale), close: () => pdf.close() };
  };
  const found = (await readByOcr(wanted, open, options)).filter((p) => p.lines.length > 0);
  for (const { page, lines } of found) pages[page - 1] = lines;
  return found;
}
