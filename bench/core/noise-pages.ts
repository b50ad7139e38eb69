/**
 * Scanned pages with no text on them, for bench:ocr and the tests: lines of word-shaped marks a
 * person sees at once are not writing, which a recogniser still reads as text ("三 T 一一三号 中E")
 * unless its confidence is heeded. Drawn with @napi-rs/canvas, A4 at 2 pixels a point (144 dpi),
 * the scale the app reads scans at; the same seed draws the same page.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { RenderedPage } from '../../src/core/ports.ts';
import { seededUniform } from './degrade.ts';

export type NoiseKind = 'strokes' | 'scribble' | 'bars' | 'blur';

export const NOISE_KINDS: readonly NoiseKind[] = ['strokes', 'scribble', 'bars', 'blur'];

const WIDTH = 1190;
const HEIGHT = 1684;
const MARGIN = 120;

/**
 * A page of `kind`: `strokes`, glyphs of straight horizontal and vertical strokes, as of a script
 * nobody reads; `scribble`, cursive-like loops; `bars`, greeked text (each word one to three
 * thin rules); `blur`, lines of words smeared past reading (a page photographed out of focus).
 */
export function noisePage(kind: NoiseKind, seed: number): RenderedPage {
  const canvas = createCanvas(WIDTH, HEIGHT);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, WIDTH, HEIGHT);
  g.fillStyle = '#141414';
  g.strokeStyle = '#141414';
  g.lineCap = 'round';
  const random = seededUniform(seed);
  // x-height 14-22 pixels: 7-11 point type at 2 pixels a point
  const size = 14 + random() * 8;
  if (kind === 'blur') g.filter = `blur(${(size / 2.5).toFixed(1)}px)`;
  for (let y = MARGIN; y < HEIGHT - MARGIN; y += size * 2.2) {
    // a paragraph's last line ends short
    const end = WIDTH - MARGIN - (random() < 0.2 ? random() * 600 : random() * 40);
    let x = MARGIN;
    while (x < end) {
      const width = Math.min(end - x, size * (1 + random() * 7));
      drawWord(g, kind, x, y, width, size, random);
      x += width + size * (0.7 + random() * 0.5);
    }
  }
  return { width: WIDTH, height: HEIGHT, data: g.getImageData(0, 0, WIDTH, HEIGHT).data, scale: 2 };
}

/** One word-shaped mark, `width` wide, its middle at `y`. */
function drawWord(g: SKRSContext2D, kind: NoiseKind, x: number, y: number, width: number, size: number, random: () => number): void {
  switch (kind) {
    case 'strokes': {
      g.lineWidth = size / 7;
      for (let gx = x; gx + size * 0.6 <= x + width; gx += size * (0.8 + random() * 0.3)) {
        const w = size * (0.5 + random() * 0.3);
        for (let k = 1 + Math.floor(random() * 3); k > 0; k--) {
          g.beginPath();
          if (random() < 0.55) {
            const sy = y + (random() - 0.5) * size;
            g.moveTo(gx, sy);
            g.lineTo(gx + w, sy);
          } else {
            const sx = gx + random() * w;
            // now and then an ascender or a descender
            const top = y - size / 2 - (random() < 0.2 ? size * 0.5 : 0);
            g.moveTo(sx, top);
            g.lineTo(sx, y + size / 2 + (random() < 0.15 ? size * 0.4 : 0));
          }
          g.stroke();
        }
      }
      return;
    }
    case 'scribble': {
      g.lineWidth = size / 10 + random() * 1.5;
      g.beginPath();
      g.moveTo(x, y);
      for (let gx = x; gx < x + width; gx += size * (0.3 + random() * 0.5)) {
        g.quadraticCurveTo(gx + random() * size * 0.4, y - size * (random() * 1.4 - 0.5), gx + size * (0.25 + random() * 0.4), y + size * (random() - 0.5) * 0.6);
      }
      g.stroke();
      return;
    }
    case 'bars': {
      g.lineWidth = 2 + random() * 3;
      const rules = 1 + Math.floor(random() * 3);
      for (let k = 0; k < rules; k++) {
        const ry = rules === 1 ? y : y + (k / (rules - 1) - 0.5) * size;
        g.beginPath();
        g.moveTo(x, ry);
        g.lineTo(x + width, ry + (random() - 0.5) * 2);
        g.stroke();
      }
      return;
    }
    case 'blur': {
      g.font = `${Math.round(size * 1.9)}px "Liberation Serif"`;
      g.textBaseline = 'middle';
      const letters = 'etaoinshrdlucmfwypvbgkqjxz';
      let word = '';
      while (g.measureText(word).width < width - size) word += letters[Math.floor(random() * random() * letters.length)];
      g.fillText(word, x, y);
      return;
    }
  }
}
