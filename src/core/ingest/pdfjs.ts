/**
 * The one place pdf.js is loaded, lazily, so the (large) library is fetched only when a PDF
 * arrives, and so the browser app can configure it first: `(await loadPdfjs()).GlobalWorkerOptions
 * .workerSrc = …` and `setPdfResources({ cMapUrl, standardFontDataUrl, wasmUrl })` pointing at
 * files it serves. In Node nothing is needed: pdf.js runs its worker code in-process.
 */

export type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

/** Where pdf.js finds data files that some PDFs need (CJK CMaps, the 14 standard fonts). */
export interface PdfResources {
  cMapUrl?: string;
  standardFontDataUrl?: string;
  wasmUrl?: string;
}

let loading: Promise<Pdfjs> | undefined;
let resources: PdfResources = {};

export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return loading;
}

export function setPdfResources(next: PdfResources): void {
  resources = { ...next };
}

export function pdfResources(): PdfResources {
  return resources;
}
