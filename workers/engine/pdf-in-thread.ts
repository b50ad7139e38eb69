/**
 * pdf.js inside the engine worker. Without help it would try to start a worker of its own (from a
 * `window.location` a worker lacks); `loadPdfjs` (src/core/ingest/pdfjs.ts) hands it its worker
 * module as `globalThis.pdfjsWorker` in every thread, Node's and this worker's alike, so it runs
 * that code here, which is where we want the parsing anyway. What is left to this worker: the
 * CMaps (CJK encodings) and the standard fonts, served by the app under /pdfjs/ (see
 * build/pdfjs-assets.ts) so PDFs parse offline too.
 *
 * No `wasmUrl`: with all three URLs set, pdf.js decides whether its worker may fetch them by
 * reading `document.baseURI`, which a worker lacks ("document is not defined"). The wasm it would
 * fetch only decodes images (JPEG 2000, JBIG2) and colour profiles, which text extraction skips.
 */
import { setPdfResources } from '../../src/core/ingest/pdfjs.ts';

export function preparePdfjs(): void {
  const base = new URL(`${import.meta.env.BASE_URL}pdfjs/`, self.location.href).href;
  setPdfResources({ cMapUrl: `${base}cmaps/`, standardFontDataUrl: `${base}standard_fonts/` });
}
