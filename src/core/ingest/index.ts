/** Ingestion: the bytes of a file → a normalized `Doc` (text, placed blocks, TOC, language). */
export { assemble } from './assemble.ts';
export { IngestError, isIngestError, tooLarge, tooManyChunks, type IngestErrorReason } from './errors.ts';
export { MIME_TYPES, type Format } from './format.ts';
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_CHUNKS, ingest, parseDocument, type IngestOptions, type ParseResult } from './ingest.ts';
export { detectLanguage } from './language.ts';
export { normalizeCode, normalizeText } from './normalize.ts';
export { DEFAULT_OCR_SCALE, pagesNeedingOcr, type OcrPageCheckpoint, type OcrOptions } from './ocr-pages.ts';
export { loadPdfjs, pdfResources, setPdfResources, type PdfResources } from './pdfjs.ts';
export { buildToc } from './toc.ts';
