/**
 * The degraded variant of a page image, as a cheap scanner or a phone would give it: drawn at a
 * lower resolution by the caller, then turned by a small angle and sprinkled with noise here.
 */
import { createCanvas, ImageData } from '@napi-rs/canvas';
import type { RgbaImage } from '../../src/core/ports.ts';

export interface Degradation {
  /** Degrees, counter-clockwise. */
  rotate: number;
  /** Standard deviation of the luminance noise added to each pixel (0-255 scale). */
  noise: number;
  seed: number;
}

export function degrade(image: RgbaImage, d: Degradation): RgbaImage {
  const source = createCanvas(image.width, image.height);
  source.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(image.data), image.width, image.height), 0, 0);
  const target = createCanvas(image.width, image.height);
  const ctx = target.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, image.width, image.height);
  ctx.translate(image.width / 2, image.height / 2);
  ctx.rotate((-d.rotate * Math.PI) / 180);
  ctx.drawImage(source, -image.width / 2, -image.height / 2);
  const out = ctx.getImageData(0, 0, image.width, image.height);
  const random = gaussian(d.seed);
  const data = new Uint8ClampedArray(out.data);
  for (let i = 0; i < data.length; i += 4) {
    const n = random() * d.noise;
    data[i] += n;
    data[i + 1] += n;
    data[i + 2] += n;
  }
  return { width: image.width, height: image.height, data };
}

/** Seeded uniform samples in [0, 1) (mulberry32). */
export function seededUniform(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeded standard normal samples (Box-Muller). */
function gaussian(seed: number): () => number {
  const uniform = seededUniform(seed);
  return () => Math.sqrt(-2 * Math.log(uniform() || 1e-12)) * Math.cos(2 * Math.PI * uniform());
}
