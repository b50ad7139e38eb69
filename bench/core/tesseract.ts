/** Debian's tesseract-ocr as the reference OCR: one process per page image, its TSV on stdout. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas, ImageData } from '@napi-rs/canvas';
import type { RgbaImage } from '../../src/core/ports.ts';
import type { PixelBox } from './reference-region.ts';

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

export interface TesseractWord {
  text: string;
  box: PixelBox;
}

/**
 * What tesseract reads in `image` with `langs` (e.g. "eng", "chi_sim+eng"): its words with their
 * boxes (its TSV output), and the text they make, a line of its layout a line. The PNG is written
 * to a temporary folder.
 */
export function tesseract(image: RgbaImage, langs: string): { text: string; words: TesseractWord[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'loci-tess-'));
  try {
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(image.data), image.width, image.height), 0, 0);
    const file = path.join(dir, 'page.png');
    writeFileSync(file, canvas.encodeSync('png'));
    const r = spawnSync('tesseract', [file, 'stdout', '-l', langs, 'tsv'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    if (r.status !== 0) throw new Error(`tesseract failed: ${r.stderr}`);
    return fromTsv(r.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Words (level 5 rows) of tesseract's TSV, and their text with a line break between its lines. */
export function fromTsv(tsv: string): { text: string; words: TesseractWord[] } {
  const words: TesseractWord[] = [];
  const lines: string[] = [];
  let lineKey = '';
  for (const row of tsv.split('\n').slice(1)) {
    const cells = row.split('\t');
    if (cells.length < 12 || cells[0] !== '5') continue;
    const text = cells.slice(11).join('\t').trim();
    if (text === '') continue;
    const [left, top, width, height] = cells.slice(6, 10).map(Number);
    words.push({ text, box: [left, top, left + width, top + height] });
    const key = cells.slice(1, 5).join('.');
    if (key !== lineKey) lines.push(text);
    else lines[lines.length - 1] += ` ${text}`;
    lineKey = key;
  }
  return { text: lines.join('\n'), words };
}
