/**
 * Images as documents: their format and size read from the header alone (real PNG, JPEG and WebP
 * files made by a real encoder), and the image parser's bounds and failures, around fake OCR and
 * decoding (the real ones are tested in test/integration/ocr-scan.test.ts and the browser suite).
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { identify } from '../../../src/core/ingest/detect.ts';
import { ingest } from '../../../src/core/ingest/index.ts';
import { MAX_OCR_PIXELS, parseImage } from '../../../src/core/ingest/image.ts';
import { imageSize } from '../../../src/core/ingest/image-size.ts';
import type { OcrOptions } from '../../../src/core/ingest/ocr-pages.ts';
import type { ImageDecoder, Ocr, OcrLine, PdfRenderer } from '../../../src/core/ports.ts';

const encoded = (format: 'png' | 'jpeg' | 'webp', width: number, height: number, quality?: number): Uint8Array => {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.fillRect(3, 3, Math.max(1, width / 3), Math.max(1, height / 5));
  if (format === 'png') return new Uint8Array(canvas.encodeSync('png'));
  return new Uint8Array(format === 'jpeg' ? canvas.encodeSync('jpeg', 90) : canvas.encodeSync('webp', quality ?? 80));
};

/** A PNG that is all header: 8-byte signature and an IHDR claiming `width` × `height`, no pixels. */
const pngHeader = (width: number, height: number): Uint8Array => {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
};

const box = (text: string, x0: number, y0: number, x1: number, y1: number): OcrLine => ({ text, box: [x0, y0, x1, y1], confidence: 0.9 });
const noRenderer: PdfRenderer = { open: () => Promise.reject(new Error('no PDF here')) };

function reading(decode: ImageDecoder['decode'], lines: OcrLine[] = []): OcrOptions & { decoded: [number, number][] } {
  const decoded: [number, number][] = [];
  const ocr: Ocr = { id: 'fake', recognize: async () => lines };
  return {
    ocr,
    renderer: noRenderer,
    images: {
      decode: (bytes, width, height) => {
        decoded.push([width, height]);
        return decode(bytes, width, height);
      },
    },
    decoded,
  };
}

const blank = async (_bytes: Uint8Array, width: number, height: number) => ({ width, height, data: new Uint8ClampedArray(width * height * 4) });

describe('image files', () => {
  it('are known by their signature, whatever their name, and their size is read from the header', () => {
    expect(identify('photo.txt', encoded('png', 40, 30)).format).toBe('png');
    expect(identify('scan', encoded('jpeg', 41, 29)).format).toBe('jpeg');
    expect(identify('receipt.jpg', encoded('webp', 50, 20)).format).toBe('webp');
    expect(imageSize(encoded('png', 40, 30))).toEqual({ width: 40, height: 30 });
    expect(imageSize(encoded('jpeg', 41, 29))).toEqual({ width: 41, height: 29 });
    expect(imageSize(encoded('webp', 50, 20))).toEqual({ width: 50, height: 20 });
    expect(imageSize(encoded('webp', 33, 17, 100))).toEqual({ width: 33, height: 17 }); // lossless (VP8L)
    expect(imageSize(pngHeader(20_000, 20_000))).toEqual({ width: 20_000, height: 20_000 });
    // cut short, or named an image without being one
    expect(imageSize(encoded('jpeg', 41, 29).slice(0, 12))).toBeUndefined();
    const signatureOnly = new Uint8Array(64).fill(0x5a);
    signatureOnly.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(imageSize(signatureOnly)).toBeUndefined();
    expect(identify('photo.png', new TextEncoder().encode('not an image at all')).format).toBe('png');
  });

  it('refuse, by name and reason, what cannot be read: damaged, too large, or with OCR off', async () => {
    await expect(ingest('photo.png', new TextEncoder().encode('not an image at all'))).rejects.toMatchObject({ reason: 'corrupt', message: expect.stringMatching(/^photo\.png: the image is damaged/) });
    // a 20,000 × 20,000 image is refused from its header, before anything is decoded
    const huge = reading(blank);
    await expect(parseImage('huge.png', pngHeader(20_000, 20_000), huge)).rejects.toMatchObject({ reason: 'too-large', message: expect.stringMatching(/20,000 × 20,000 pixels/) });
    expect(huge.decoded).toEqual([]);
    await expect(ingest('photo.png', encoded('png', 40, 30))).rejects.toMatchObject({ reason: 'unsupported', message: expect.stringMatching(/OCR, which is turned off/) });
    const broken = reading(() => Promise.reject(new Error('bad Huffman table')));
    await expect(parseImage('photo.jpg', encoded('jpeg', 41, 29), broken)).rejects.toMatchObject({ reason: 'corrupt', message: expect.stringMatching(/could not be decoded/) });
    await expect(parseImage('blank.png', encoded('png', 40, 30), reading(blank, []))).rejects.toMatchObject({ reason: 'empty' });
    // marks read with no confidence are no text
    const marks = reading(blank, [{ ...box('三 T 一一三号', 3, 3, 30, 9), confidence: 0.6 }]);
    await expect(parseImage('marks.png', encoded('png', 40, 30), marks)).rejects.toMatchObject({ reason: 'empty', message: 'marks.png: OCR found no readable text in the image' });
  });

  it('are read by OCR as one page, scaled down past 20 MP, with their lines in the image\'s own pixels', async () => {
    // 8,000 × 5,000 = 40 MP: decoded at half the pixels (0.707 a side), read back at full size
    const big = reading(blank, [box('Total due: 42.00 EUR', 707, 707, 1414, 735)]);
    const parsed = await parseImage('receipt.png', pngHeader(8000, 5000), big);
    const [[w, h]] = big.decoded;
    expect(w * h).toBeLessThanOrEqual(MAX_OCR_PIXELS);
    expect(w / 8000).toBeCloseTo(Math.sqrt(MAX_OCR_PIXELS / 40_000_000), 3);
    expect(parsed.pageCount).toBe(1);
    expect(parsed.blocks).toEqual([expect.objectContaining({ text: 'Total due: 42.00 EUR', page: 1 })]);
    const [line] = parsed.scanned![0].lines;
    expect(line.x0).toBeCloseTo(1000, -1);
    expect(line.x1).toBeCloseTo(2000, -1);
    // y up from the image's bottom edge, at the line's foot
    expect(line.y).toBeCloseTo(5000 - 735 / (w / 8000), -1);
  });
});
