/**
 * The OCR models, from this site's `ocr/` folder (build/ocr-assets.ts), and the OCR
 * runtime's wasm, kept in a cache of their own after the first page that needed them: nothing
 * comes from a third party, and a scan dropped later, offline, is read all the same.
 */
import { OCR_MODEL_FILES, OCR_SITE_FOLDER, PADDLE_OCR_ID } from '../../src/models/ocr-models.ts';
import type { PaddleOcrFiles } from '../../src/models/paddle-ocr.ts';
import { siteFileCache } from '../shared/site-file-cache.ts';

const CACHE_NAME = `loci-ocr-${PADDLE_OCR_ID}`;

export class OcrModelsUnavailableError extends Error {
  override name = 'OcrModelsUnavailableError';
}

const files = siteFileCache(CACHE_NAME, (message, cause) => new OcrModelsUnavailableError(message, { cause }));
const cachedResponse = (url: string, what: string, replaces = false) => files.read(url, what, { replaces });

/** The OCR models, fetched from the site the first time and read from the OCR cache after. */
export async function ocrModelFiles(): Promise<PaddleOcrFiles> {
  const base = new URL(`${import.meta.env.BASE_URL}${OCR_SITE_FOLDER}/`, self.location.href);
  const read = (name: string) => cachedResponse(new URL(name, base).href, `the OCR model ${name}`);
  const [detection, recognition, dictionary] = await Promise.all([
    read(OCR_MODEL_FILES.detection).then((r) => r.arrayBuffer()),
    read(OCR_MODEL_FILES.recognition).then((r) => r.arrayBuffer()),
    read(OCR_MODEL_FILES.dictionary).then((r) => r.text()),
  ]);
  return { detection, recognition, dictionary };
}

/**
 * Another file of this site that only OCR needs (its runtime's wasm), kept in the same cache.
 * Its URL is content-hashed, so a copy an older build cached is never read for a newer one.
 */
export async function ocrSiteFile(url: string, what: string): Promise<ArrayBuffer> {
  return (await cachedResponse(url, what, true)).arrayBuffer();
}
