/**
 * pdf.js inside the engine worker. Without help it tries to start a worker of its own (from a
 * `window.location` a worker lacks); handing it its worker module as `globalThis.pdfjsWorker`
 * makes it run that code in this thread instead, which is where we want the parsing anyway.
 * CMaps (CJK encodings) and the standard fonts are served by the app under /pdfjs/ (see
 * workers/build/pdfjs-assets.ts) so PDFs parse offline too.
 *
 * No `wasmUrl`: with all three URLs set, pdf.js decides whether its worker may fetch them by
 * reading `document.baseURI`, which a worker lacks ("document is not defined"). The wasm it would
 * fetch only decodes images (JPEG 2000, JBIG2) and colour profiles, which text extraction skips.
 */
import { setPdfResources } from '../../src/core/ingest/pdfjs.ts';

let ready: Promise<void> | undefined;

export function preparePdfjs(): Promise<void> {
  ready ??= (async () => {
    const handler = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = handler;
    const base = new URL(`${import.meta.env.BASE_URL}pdfjs/`, self.location.href).href;
    setPdfResources({ cMapUrl: `${base}cmaps/`, standardFontDataUrl: `${base}standard_fonts/` });
  })();
  return ready;
}
