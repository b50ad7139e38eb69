/**
 * pdf.js's canvas maker for a worker: its own (DOMCanvasFactory) creates `<canvas>` elements
 * through `document`, which a worker lacks. The same four methods over OffscreenCanvas, so the
 * engine worker can draw a scanned page for OCR (models/pdf-renderer.ts, `CanvasFactory`).
 */

interface CanvasAndContext {
  canvas: OffscreenCanvas | null;
  context: OffscreenCanvasRenderingContext2D | null;
}

export class OffscreenCanvasFactory {
  // pdf.js constructs it with { ownerDocument, enableHWA }; pixels are read back, so no GPU canvas.
  constructor(_options: { enableHWA?: boolean }) {}

  create(width: number, height: number): CanvasAndContext {
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: canvas.getContext('2d', { willReadFrequently: true }) };
  }

  reset(target: CanvasAndContext, width: number, height: number): void {
    if (!target.canvas) throw new Error('Canvas is not specified');
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
    target.canvas.width = width;
    target.canvas.height = height;
  }

  destroy(target: CanvasAndContext): void {
    if (!target.canvas) throw new Error('Canvas is not specified');
    // a zero-size canvas gives its pixels back at once rather than at the next collection
    target.canvas.width = 0;
    target.canvas.height = 0;
    target.canvas = null;
    target.context = null;
  }
}
