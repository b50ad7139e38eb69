/**
 * Where on a page image the reference (the PDF's own text layer) has text. A text layer can leave
 * out text the page shows (the Chinese mind map's drawn formulas and the labels of its pictures),
 * and whatever OCR reads there counts against it as insertions that no reader could avoid: the
 * better the OCR saw the page, the worse it scored (193 of the page's 2,149 characters unread and
 * 203 read beyond its text layer, against 15 unread and 346 beyond once small print was seen).
 * So OCR is also scored on what it read over the reference's own text: lines or words at least
 * half of whose box lies over the text layer's runs.
 */

/** A rectangle in image pixels, y down: [left, top, right, bottom]. */
export type PixelBox = readonly [number, number, number, number];

/** A text-layer run in PDF points, y up, from its baseline. */
export interface ReferenceRun {
  x: number;
  y: number;
  width: number;
  size: number;
}

/** How the page was drawn: points to pixels, and the page's top in points. */
export interface PageDrawing {
  scale: number;
  /** The page's top edge in PDF points (its view box's upper y). */
  top: number;
  /** The page's left edge in PDF points. */
  left: number;
  width: number;
  height: number;
  /** Degrees counter-clockwise the image was turned about its centre after drawing (degrade.ts). */
  rotate?: number;
}

/** Grid cell side in pixels: text lines are tens of pixels high, so a coarse grid is exact enough. */
const CELL = 4;
/** Share of a box that must lie over the reference's text for the box to be scored. */
export const OVER_REFERENCE = 0.5;

export class ReferenceRegion {
  private readonly columns: number;
  private readonly rows: number;
  /** Summed-area table of covered cells, (columns + 1) × (rows + 1). */
  private readonly sums: Int32Array;

  constructor(runs: readonly ReferenceRun[], drawing: PageDrawing) {
    this.columns = Math.ceil(drawing.width / CELL);
    this.rows = Math.ceil(drawing.height / CELL);
    const covered = new Uint8Array(this.columns * this.rows);
    for (const run of runs) {
      if (run.width <= 0 || run.size <= 0) continue;
      // glyphs stand on the baseline and reach about a size up; descenders a quarter below
      const corners = [
        [run.x, run.y - run.size / 4],
        [run.x + run.width, run.y - run.size / 4],
        [run.x, run.y + run.size],
        [run.x + run.width, run.y + run.size],
      ].map(([x, y]) => toPixels(x, y, drawing));
      const xs = corners.map((c) => c[0]);
      const ys = corners.map((c) => c[1]);
      const c0 = clamp(Math.floor(Math.min(...xs) / CELL), this.columns);
      const c1 = clamp(Math.ceil(Math.max(...xs) / CELL), this.columns);
      const r0 = clamp(Math.floor(Math.min(...ys) / CELL), this.rows);
      const r1 = clamp(Math.ceil(Math.max(...ys) / CELL), this.rows);
      for (let r = r0; r < r1; r++) covered.fill(1, r * this.columns + c0, r * this.columns + c1);
    }
    const stride = this.columns + 1;
    this.sums = new Int32Array(stride * (this.rows + 1));
    for (let r = 0; r < this.rows; r++) {
      let row = 0;
      for (let c = 0; c < this.columns; c++) {
        row += covered[r * this.columns + c];
        this.sums[(r + 1) * stride + c + 1] = this.sums[r * stride + c + 1] + row;
      }
    }
  }

  /** Share of the box's cells that lie over the reference's text, 0 to 1. */
  share(box: PixelBox): number {
    const c0 = clamp(Math.floor(box[0] / CELL), this.columns);
    const c1 = clamp(Math.ceil(box[2] / CELL), this.columns);
    const r0 = clamp(Math.floor(box[1] / CELL), this.rows);
    const r1 = clamp(Math.ceil(box[3] / CELL), this.rows);
    const cells = (c1 - c0) * (r1 - r0);
    if (cells <= 0) return 0;
    const stride = this.columns + 1;
    const s = this.sums;
    return (s[r1 * stride + c1] - s[r0 * stride + c1] - s[r1 * stride + c0] + s[r0 * stride + c0]) / cells;
  }

  /** Whether the box is scored against the reference. */
  holds(box: PixelBox): boolean {
    return this.share(box) >= OVER_REFERENCE;
  }
}

/** A point in PDF points to image pixels, through the drawing's scale and then its turn. */
function toPixels(x: number, y: number, d: PageDrawing): [number, number] {
  const px = (x - d.left) * d.scale;
  const py = (d.top - y) * d.scale;
  if (!d.rotate) return [px, py];
  // degrade.ts draws with the canvas turned by −rotate about the centre (y down)
  const a = (-d.rotate * Math.PI) / 180;
  const dx = px - d.width / 2;
  const dy = py - d.height / 2;
  return [d.width / 2 + dx * Math.cos(a) - dy * Math.sin(a), d.height / 2 + dx * Math.sin(a) + dy * Math.cos(a)];
}

function clamp(value: number, limit: number): number {
  return Math.max(0, Math.min(limit, value));
}
