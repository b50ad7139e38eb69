/** Debian's tesseract-ocr as the reference OCR: one process per page image, text on stdout. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas, ImageData } from '@napi-rs/canvas';
import type { RgbaImage } from '../core/ports.ts';

export class TesseractMissingError extends Error {
  override name = 'TesseractMissingError';
}

export function tesseractVersion(): string {
  const r = spawnSync('tesseract', ['--version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    throw new TesseractMissingError('tesseract is not installed: apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim');
  }
  return (r.stdout || r.stderr).split('\n')[0].trim();
}

/** Text of `image` read with `langs` (e.g. "eng", "chi_sim+eng"); the PNG is written to a temporary folder. */
export function tesseract(image: RgbaImage, langs: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'loci-tess-'));
  try {
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(image.data), image.width, image.height), 0, 0);
    const file = path.join(dir, 'page.png');
    writeFileSync(file, canvas.encodeSync('png'));
    const r = spawnSync('tesseract', [file, 'stdout', '-l', langs], { encoding: 'utf8', maxBuffer: 64 << 20 });
    if (r.status !== 0) throw new Error(`tesseract failed: ${r.stderr}`);
    return r.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
