import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Block, ParsedDocument } from '../types.ts';
import { IngestError, corrupt } from './errors.ts';
import { markOutlineHeadings, markSizeHeadings } from './pdf-headings.ts';
import { groupLines, type PdfTextRun } from './pdf-lines.ts';
import { readOutline } from './pdf-outline.ts';
import { pageBlocks, type PageLine } from './pdf-paragraphs.ts';
import { dropRunningLines } from './pdf-running.ts';
import { markTableRows } from './pdf-tables.ts';
import { ocrPages, type OcrOptions } from './ocr-pages.ts';
import { loadPdfjs, pdfResources } from './pdfjs.ts';
import { scannedLines } from './scanned-lines.ts';

/**
 * PDF → blocks with page numbers, through pdf.js's text layer. Running headers and footers are
 * dropped, headings come from the bookmarks when the PDF has them, else from font sizes, and
 * lines laid out in columns become table rows. Pages whose text layer is empty or garbage are
 * read by OCR when `ocr` is given (ocr-pages.ts); without it a PDF with no text at all (a scan) is
 * refused as empty, with a message that says why.
 */

/** The parts of a pdf.js text item this parser reads. */
interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

export async function parsePdf(file: string, bytes: Uint8Array, ocr?: OcrOptions): Promise<ParsedDocument & { pageCount: number }> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    // pdf.js may transfer (detach) the buffer it is given; the caller still needs its bytes.
    data: bytes.slice(),
    isEvalSupported: false,
    useSystemFonts: false,
    // Text extraction never draws glyphs: no font loading, no warnings about missing font data.
    disableFontFace: true,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    ...pdfResources(),
  });
  try {
    let doc: PDFDocumentProxy;
    try {
      doc = await task.promise;
    } catch (error) {
      throw loadError(file, error);
    }
    const textLayer = await readPages(file, doc);
    // taken before running lines are dropped: the page view boxes what is on the page
    const scanned = (ocr ? await ocrPages(file, bytes, textLayer, ocr) : []).map(({ page, lines }) => ({ page, lines: scannedLines(lines) }));
    const pages = dropRunningLines(textLayer);
    if (pages.every((lines) => lines.length === 0)) {
      throw new IngestError(
        file,
        'empty',
        ocr
          ? 'the PDF has no text layer, and OCR found no readable text on its pages'
          : 'the PDF has no text layer (it is probably a scan, pages as images); turn OCR on to read it',
      );
    }
    const outline = await readOutline(doc);
    if (outline.length === 0 || markOutlineHeadings(pages, outline) === 0) markSizeHeadings(pages);
    const blocks: Block[] = pages.flatMap((lines, i) => pageBlocks(markTableRows(lines), i + 1));
    const result: ParsedDocument & { pageCount: number } = { blocks, pageCount: doc.numPages };
    if (scanned.length > 0) result.scanned = scanned;
    // A heading on the first page is a title; a later one (an outline's first section) is not.
    const title = (await metadataTitle(doc)) ?? blocks.find((b) => b.kind === 'heading' && b.page === 1)?.text;
    if (title) result.title = title;
    return result;
  } finally {
    await task.destroy();
  }
}

function loadError(file: string, error: unknown): IngestError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') {
    return new IngestError(file, 'encrypted', 'the PDF is password-protected; remove the password and add it again', {
      cause: error,
    });
  }
  return corrupt(file, 'pdf', error);
}

async function readPages(file: string, doc: PDFDocumentProxy): Promise<PageLine[][]> {
  const pages: PageLine[][] = [];
  try {
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      const runs: PdfTextRun[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue; // marked-content markers carry no text
        runs.push(toRun(item as TextItemLike));
      }
      pages.push(groupLines(runs));
      page.cleanup();
    }
  } catch (error) {
    throw corrupt(file, 'pdf', error);
  }
  return pages;
}

function toRun(item: TextItemLike): PdfTextRun {
  const [a, b, c, d, e, f] = item.transform;
  // The text matrix's vertical scale is the font size, whatever the rotation.
  const size = Math.hypot(c, d) || Math.hypot(a, b) || item.height;
  return { str: item.str, x: e, y: f, width: item.width, size, eol: item.hasEOL };
}

async function metadataTitle(doc: PDFDocumentProxy): Promise<string | undefined> {
  try {
    const { info } = await doc.getMetadata();
    const title = (info as { Title?: unknown }).Title;
    return typeof title === 'string' && title.trim() !== '' ? title.trim() : undefined;
  } catch {
    return undefined;
  }
}
