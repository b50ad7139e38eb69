/**
 * The one place pdf.js is loaded, lazily, so the (large) library is fetched only when a PDF
 * arrives. It always runs pdf.js's worker code in the calling thread (Node, and the app's engine
 * worker, which is where the parsing belongs): it hands pdf.js that code as `globalThis.pdfjsWorker`.
 * Where the data files some PDFs need are served from elsewhere, `setPdfResources` says where
 * (the engine worker: workers/engine/pdf-in-thread.ts); in Node pdf.js finds them itself.
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
 * The engine's own built-ins, taken before pdf.js is first imported (this module is the one place
 * that imports it). pdf.js's legacy build carries core-js, which replaces the global `JSON.parse`
 * and `JSON.stringify` with script versions wherever the engine lacks `JSON.rawJSON` (Node 20; not
 * Chromium): every JSON call of the process then ran several times slower, and writing the
 * index's checkpoints was slowed with it.
 * It also replaces `Array.prototype.push` in V8 (which caps an array-like's length lower than the
 * specification asks): every push of the engine then ran through a script, a quarter of the time
 * a large text took to be refused (docs/decisions/2026-12-07-reading-models-and-page-measured.md).
 * Nothing in pdf.js needs those corrections, so the engine's own
 * are put back.
 */
const NATIVE = { parse: JSON.parse, stringify: JSON.stringify, push: Array.prototype.push };

export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= (async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    // pdf.js runs its worker code in this thread (Node, and the app's engine worker, where it
    // cannot start a worker of its own) when handed it here; imported now, so core-js comes with
    // it before the engine's JSON is put back rather than with the first document.
    const scope = globalThis as { pdfjsWorker?: unknown };
    scope.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    JSON.parse = NATIVE.parse;
    JSON.stringify = NATIVE.stringify;
    Array.prototype.push = NATIVE.push;
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
