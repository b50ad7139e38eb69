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

/**
 * The engine's own JSON, taken before pdf.js is first imported (this module is the one place that
 * imports it). pdf.js's legacy build carries core-js, which replaces the global `JSON.parse` and
 * `JSON.stringify` with script versions wherever the engine lacks `JSON.rawJSON` (Node 20; not
 * Chromium): every JSON call of the process then ran 5–10× slower, and writing the index's
 * checkpoints took 1.9 s of a 27 s `loci index` over two filings, 1.3 s of it in the polyfill.
 * Nothing in pdf.js needs those additions, so the engine's own are put back.
 */
const NATIVE_JSON = { parse: JSON.parse, stringify: JSON.stringify };

export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= (async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    // Where pdf.js runs its worker code in this thread (Node; the engine worker sets this itself),
    // it would import that code with the first document, and core-js again with it: import it now.
    const scope = globalThis as { pdfjsWorker?: unknown };
    scope.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    JSON.parse = NATIVE_JSON.parse;
    JSON.stringify = NATIVE_JSON.stringify;
    return pdfjs;
  })();
  return loading;
}

export function setPdfResources(next: PdfResources): void {
  resources = { ...next };
}

export function pdfResources(): PdfResources {
  return resources;
}
