import { loadPdfjs, type PdfResources } from '../core/ingest/index.ts';
import type { PdfRenderer, RenderablePdf, RenderedPage } from '../core/ports.ts';

/**
 * The `PdfRenderer` port over pdf.js: a page drawn on white at a given scale, read back as RGBA.
 * pdf.js makes the canvas through its own factory (@napi-rs/canvas in Node); a browser worker, which
 * has no document, hands in one over OffscreenCanvas (workers/engine/offscreen-canvas-factory.ts).
 */

export class PdfRenderError extends Error {
  override name = 'PdfRenderError';
}

/** Largest page image drawn, in pixels: 20 MP (a 20,000 × 20,000 page would be gigabytes of RGBA). */
export const MAX_RENDER_PIXELS = 20_000_000;

interface Canvas2d {
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray; width: number; height: number };
  fillStyle: unknown;
  fillRect(x: number, y: number, w: number, h: number): void;
}

export interface PdfRendererOptions {
  /** Fonts and CMaps for PDFs that do not embed theirs (standard 14 fonts, CJK). */
  resources?: PdfResources;
  /** pdf.js's canvas maker (its `CanvasFactory` option), where its own needs a document. */
  CanvasFactory?: new (options: { enableHWA?: boolean }) => unknown;
  /** Draw text as glyph outlines rather than through FontFace, which needs a document. */
  disableFontFace?: boolean;
}

export function createPdfRenderer(options: PdfRendererOptions = {}): PdfRenderer {
  return {
    async open(bytes: Uint8Array): Promise<RenderablePdf> {
      const pdfjs = await loadPdfjs();
      const task = pdfjs.getDocument({
        data: bytes.slice(),
        isEvalSupported: false,
        verbosity: pdfjs.VerbosityLevel.ERRORS,
        ...options.resources,
        ...(options.CanvasFactory ? { CanvasFactory: options.CanvasFactory } : {}),
        ...(options.disableFontFace !== undefined ? { disableFontFace: options.disableFontFace } : {}),
      });
      const doc = await task.promise;
      return {
        pageCount: doc.numPages,
        async render(pageNumber: number, scale: number): Promise<RenderedPage> {
          const page = await doc.getPage(pageNumber);
          try {
            let viewport = page.getViewport({ scale });
            const pixels = viewport.width * viewport.height;
            if (pixels > MAX_RENDER_PIXELS) viewport = page.getViewport({ scale: scale * Math.sqrt(MAX_RENDER_PIXELS / pixels) });
            const width = Math.max(1, Math.floor(viewport.width));
            const height = Math.max(1, Math.floor(viewport.height));
            const factory = doc.canvasFactory as { create(w: number, h: number): { canvas: unknown; context: Canvas2d }; destroy(c: unknown): void };
            const target = factory.create(width, height);
            const ctx = target.context;
            ctx.fillStyle = '#ffffff';
            ctx.fillRect(0, 0, width, height);
            await page.render({ canvas: target.canvas as HTMLCanvasElement, canvasContext: ctx as unknown as CanvasRenderingContext2D, viewport }).promise;
            const data = ctx.getImageData(0, 0, width, height);
            const image: RenderedPage = { width, height, data: new Uint8ClampedArray(data.data), scale: viewport.scale };
            factory.destroy(target);
            return image;
          } catch (error) {
            throw new PdfRenderError(`page ${pageNumber} could not be drawn: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
          } finally {
            page.cleanup();
          }
        },
        async close() {
          await task.destroy();
        },
      };
    },
  };
}
