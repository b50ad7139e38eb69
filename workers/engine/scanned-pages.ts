/**
 * How the engine worker reads the pages of a PDF that have no usable text layer, and images: pdf.js
 * draws the pages here, on OffscreenCanvas (the browser decodes images), and the OCR worker reads
 * them; each page read is an `ocr` progress step on the document's row, and is kept by the
 * checkpoint until the document is parsed.
 */
import { pdfResources, type OcrPageCheckpoint, type OcrOptions } from '../../src/core/ingest/index.ts';
import type { Ocr, ProgressListener } from '../../src/core/ports.ts';
import { createPdfRenderer } from '../../src/models/pdf-renderer.ts';
import { bitmapImageDecoder } from './bitmap-image-decoder.ts';
import { OffscreenCanvasFactory } from './offscreen-canvas-factory.ts';

export function scannedPageReading(ocr: Ocr, checkpoint: OcrPageCheckpoint, signal: AbortSignal, onProgress: ProgressListener): OcrOptions {
  return {
    ocr,
    checkpoint,
    // a worker has no document: no <canvas>, no FontFace (text is drawn as glyph outlines)
    renderer: createPdfRenderer({ resources: pdfResources(), CanvasFactory: OffscreenCanvasFactory, disableFontFace: true }),
    images: bitmapImageDecoder,
    signal,
    onPage: (done, total) => onProgress({ stage: 'ocr', done, total }),
  };
}
