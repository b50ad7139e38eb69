/**
 * pdf.js's canvas factory over OffscreenCanvas, for drawing PDF pages where there is no document
 * (a module worker): `createPdfRenderer({ canvasFactory: OffscreenCanvasFactory, disableFontFace: true })`.
 * pdf.js's default factory calls document.createElement. Not yet run in a browser here: the
 * worker that will use it is still to be wired (issue 9); Node draws through @napi-rs/canvas.
 */

interface CanvasAndContext {
  canvas: OffscreenCanvas | null;
  context: OffscreenCanvasRenderingContext2D | null;
}

export class OffscreenCanvasFactory {
  create(width: number, height: number): CanvasAndContext {
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: canvas.getContext('2d', { willReadFrequently: true }) };
  }

  reset(target: CanvasAndContext, width: number, height: number): void {
    if (!target.canvas) throw new Error('Canvas is not specified');
    target.canvas.width = width;
    target.canvas.height = height;
  }

  destroy(target: CanvasAndContext): void {
    if (target.canvas) {
      // Zero-sized canvases free their memory at once (Firefox and Safari keep large ones otherwise).
      target.canvas.width = 0;
      target.canvas.height = 0;
    }
    target.canvas = null;
    target.context = null;
  }
}
