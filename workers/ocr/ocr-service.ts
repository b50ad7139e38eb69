/**
 * The OCR worker's service: PP-OCRv4 (models/paddle-ocr.ts) on onnxruntime-web's plain wasm,
 * loaded on the first page it is given. Its own runtime instance, not the embed worker's: a page
 * takes seconds, and a question's embedding must not wait behind it.
 */
import type { OrtInferenceSession, OrtModule } from 'paddleocr';
import type { Ocr, OcrLine, RgbaImage } from '../../src/core/ports.ts';
import { createPaddleOcr } from '../../src/models/paddle-ocr.ts';
import ortPlainWasm from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import type { OcrApi } from '../../src/protocol/workers.ts';
import { absoluteUrl } from '../shared/ort-wasm.ts';
import { ocrModelFiles, ocrSiteFile } from './ocr-model-files.ts';

export class OcrService implements OcrApi {
  private loading: Promise<Ocr> | undefined;

  async recognize(image: RgbaImage): Promise<OcrLine[]> {
    this.loading ??= loadOcr();
    let ocr: Ocr;
    try {
      ocr = await this.loading;
    } catch (error) {
      this.loading = undefined; // the next page tries again (the network may be back)
      throw error;
    }
    return ocr.recognize(image);
  }
}

async function loadOcr(): Promise<Ocr> {
  // ONNX Runtime's plain wasm build, not the asyncify one the other workers share: that build
  // carries WebGPU's hooks, which OCR does not use, and ran the same pages far slower here (a scan
  // of a 10-K in Chromium: first page read 32.4 s after the drop against 12.4 s, then 14.2 s a
  // page against 9.3 s; in Node 23.3 s against 9.9 s for the first page, the same once warm). Its
  // wasm-only bundle has the glue built in (ORT's default bundle is WebGPU's, whose 28 MB wasm it
  // would add to the site); like the models, its 14 MB wasm comes from the site with the first
  // scan and stays in the OCR cache.
  const ort = await import('onnxruntime-web/wasm');
  ort.env.wasm.wasmBinary = await ocrSiteFile(absoluteUrl(ortPlainWasm), 'the OCR runtime');
  // ORT's default is half the cores (one, on two). While a scan is read the other workers mostly
  // wait for it, and recognition is most of a page: onnxruntime-web in Node, two threads against
  // one, read a page of a 10-K in 10.6 s against 20.6 s, another in 8.3 s against 13.6 s.
  ort.env.wasm.numThreads = Math.max(1, Math.min(4, navigator.hardwareConcurrency || 1));
  const files = await ocrModelFiles();
  // paddleocr.js wants create(ArrayBuffer) and reads only tensor metadata; wasm alone: a software
  // WebGPU adapter would be slower, and a real GPU is busy with the language model
  const create = async (buffer: ArrayBuffer): Promise<OrtInferenceSession> =>
    (await ort.InferenceSession.create(new Uint8Array(buffer), { executionProviders: ['wasm'] })) as unknown as OrtInferenceSession;
  const module = { Tensor: ort.Tensor, InferenceSession: { create } } as unknown as OrtModule;
  return createPaddleOcr(module, files);
}
