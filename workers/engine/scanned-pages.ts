/**
 * How the engine worker reads the pages of a PDF that have no usable text layer: pdf.js draws them
 * here, on OffscreenCanvas, and the OCR worker reads them; each page read is an `ocr` progress
 * step on the document's row, and is kept by the checkpoint until the document is parsed.
 */
import { pdfResources, type OcrPageCheckpoint, type PdfOcrOptions } from '../../src/core/ingest/index.ts';
import type { Ocr, ProgressListener } from '../../src/core/ports.ts';
import { createPdfRenderer } from '../../src/models/pdf-renderer.ts';
import { OffscreenCanvasFactory } from './offscreen-canvas-factory.ts';

export function scannedPageReading(ocr: Ocr, checkpoint: OcrPageCheckpoint, signal: AbortSignal, onProgress: ProgressListener): PdfOcrOptions {
  return {
    ocr,
    checkpoint,
    // a worker has no document: no <canvas>, no FontFace (text is drawn as glyph outlines)
    renderer: createPdfRenderer({ resources: pdfResources(), CanvasFactory: OffscreenCanvasFactory, disableFontFace: true }),
    signal,
    onPage: (done, total) => onProgress({ stage: 'ocr', done, total }),
  };
}
