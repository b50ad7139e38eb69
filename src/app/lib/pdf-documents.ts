/**
 * Loaded pdf.js documents, one per PDF buffer. Parsing a PDF (and starting pdf.js's worker for it)
 * is the slow part of showing a page, so switching between text and page view, or between pages,
 * reuses the document instead of copying the bytes and parsing them again. The viewer that owns a
 * buffer closes its document when it lets go of the buffer (see SourceViewer).
 */
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist';

const ASSETS = `${import.meta.env.BASE_URL}pdfjs/`;

interface Loaded {
  /** Resolves once pdf.js itself has loaded; kept so close() can reach a load still under way. */
  task: Promise<PDFDocumentLoadingTask>;
  pdf: Promise<PDFDocumentProxy>;
}

// Weak, so a buffer nobody holds any more is not kept alive by the cache itself.
const loaded = new WeakMap<ArrayBuffer, Loaded>();

// pdf.js is large and only needed when someone looks at a page, so it loads on first use.
async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/** The pdf.js document for these bytes, loaded on first use and shared after that. */
export function openPdf(data: ArrayBuffer): Promise<PDFDocumentProxy> {
  const cached = loaded.get(data);
  if (cached) return cached.pdf;
  const task = loadPdfJs().then((pdfjs) =>
    pdfjs.getDocument({
      // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy, once.
      data: new Uint8Array(data.slice(0)),
      isEvalSupported: false,
      // Served by the app (and precached), so Chinese PDFs without embedded fonts render offline.
      cMapUrl: `${ASSETS}cmaps/`,
      cMapPacked: true,
      standardFontDataUrl: `${ASSETS}standard_fonts/`,
      wasmUrl: `${ASSETS}wasm/`,
    }),
  );
  const entry: Loaded = { task, pdf: task.then((t) => t.promise) };
  loaded.set(data, entry);
  // A failed load is not kept: the next attempt (after a transient error, say) starts afresh.
  entry.pdf.catch(() => {
    if (loaded.get(data) === entry) loaded.delete(data);
  });
  return entry.pdf;
}

/** Destroys the document for these bytes (and its pdf.js worker), if one was opened. */
export async function closePdf(data: ArrayBuffer): Promise<void> {
  const entry = loaded.get(data);
  if (!entry) return;
  loaded.delete(data);
  // A load that failed has nothing to destroy.
  const task = await entry.task.catch(() => undefined);
  await task?.destroy();
}
