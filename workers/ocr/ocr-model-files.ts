/**
 * The OCR models, from this site's `ocr/` folder (workers/build/ocr-assets.ts), kept in a cache of
 * their own after the first page that needed them: nothing comes from a third party, and a scan
 * dropped later, offline, is read all the same.
 */
import { OCR_MODEL_FILES, OCR_SITE_FOLDER, PADDLE_OCR_ID } from '../../src/models/ocr-models.ts';
import type { PaddleOcrFiles } from '../../src/models/paddle-ocr.ts';

const CACHE_NAME = `loci-ocr-${PADDLE_OCR_ID}`;

export class OcrModelsUnavailableError extends Error {
  override name = 'OcrModelsUnavailableError';
}

export async function ocrModelFiles(): Promise<PaddleOcrFiles> {
  const base = new URL(`${import.meta.env.BASE_URL}${OCR_SITE_FOLDER}/`, self.location.href);
  // The Cache API is missing in some private modes: the files are then fetched every session.
  const cache = await caches.open(CACHE_NAME).catch(() => undefined);
  const read = async (name: string): Promise<Response> => {
    const url = new URL(name, base).href;
    const cached = await cache?.match(url);
    if (cached) return cached;
    let response: Response;
    try {
      response = await fetch(url);
    } catch (error) {
      throw new OcrModelsUnavailableError(`the OCR model ${name} could not be downloaded from this site (offline before it was ever used?)`, { cause: error });
    }
    if (!response.ok) throw new OcrModelsUnavailableError(`the OCR model ${name} could not be downloaded from this site (HTTP ${response.status})`);
    await cache?.put(url, response.clone());
    return response;
  };
  const [detection, recognition, dictionary] = await Promise.all([
    read(OCR_MODEL_FILES.detection).then((r) => r.arrayBuffer()),
    read(OCR_MODEL_FILES.recognition).then((r) => r.arrayBuffer()),
    read(OCR_MODEL_FILES.dictionary).then((r) => r.text()),
  ]);
  return { detection, recognition, dictionary };
}
