/**
 * A printed page drawn to pixels with @napi-rs/canvas, as a scan of it shows: lines of text in
 * Liberation Serif (Debian's fonts-liberation), each at its own size, on A4 at 2 pixels a point.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { RenderedPage } from '../../src/core/ports.ts';

export interface PrintedLine {
  text: string;
  /** Type size in pixels (at 2 pixels a point: 22 is 11-point type). */
  px: number;
}

export function drawTextPage(lines: readonly PrintedLine[]): RenderedPage {
  const width = 1190;
  const height = 1684;
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#000000';
  let y = 160;
  for (const { text, px } of lines) {
    g.font = `${px}px "Liberation Serif"`;
    g.fillText(text, 120, y);
    y += px * 1.6;
  }
  return { width, height, data: g.getImageData(0, 0, width, height).data, scale: 2 };
}
