/**
 * The OCR worker's service: PP-OCRv4 (models/paddle-ocr.ts) on onnxruntime-web, on WebGPU where
 * there is a GPU (ocr-provider.ts) and on its plain wasm otherwise, loaded on the first page it is
 * given. Its own runtime instance, not the embed worker's: a page takes seconds, and a question's
 * embedding must not wait behind it.
 */
import type { OrtInferenceSession, OrtModule } from 'paddleocr';
import type { Ocr, OcrLine, RgbaImage } from '../../src/core/ports.ts';
import { probeDevice } from '../../src/models/device.ts';
import { createPaddleOcr } from '../../src/models/paddle-ocr.ts';
import ortPlainWasm from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import type { LaunchOptions, OcrApi, OcrRuntime } from '../../src/protocol/workers.ts';
import { absoluteUrl, ortWasmPaths } from '../shared/ort-wasm.ts';
import { Serial } from '../shared/serial.ts';
import { ocrModelFiles, ocrSiteFile } from './ocr-model-files.ts';
import { firstThatLoads, ocrProviders, type OcrProvider } from './ocr-provider.ts';

export class OcrService implements OcrApi {
  private loading: Promise<{ provider: OcrProvider; loaded: Ocr; failures: string[] }> | undefined;
  private runtime: OcrRuntime | undefined;

  async recognize(image: RgbaImage, device: LaunchOptions['device'] = 'auto'): Promise<OcrLine[]> {
    this.loading ??= loadOcr(device);
    let ocr: Ocr;
    try {
      const { provider, loaded, failures } = await this.loading;
      this.runtime = { provider, failures };
      ocr = loaded;
    } catch (error) {
      this.loading = undefined; // the next page tries again (the network may be back)
      throw error;
    }
    return ocr.recognize(image);
  }

  async provider(): Promise<OcrRuntime | undefined> {
    return this.runtime;
  }
}

async function loadOcr(device: LaunchOptions['device']): Promise<{ provider: OcrProvider; loaded: Ocr; failures: string[] }> {
  const [files, gpu] = await Promise.all([ocrModelFiles(), probeDevice(navigator)]);
  // ORT's default is half the cores (one, on two). While a scan is read the other workers mostly
  // wait for it, and recognition is most of a page, which two threads read in about half the time
  // of one (docs/decisions/2026-12-07-reading-models-and-page-measured.md).
  const threads = Math.max(1, Math.min(4, navigator.hardwareConcurrency || 1));
  // A GPU that cannot create the sessions is no reason to stop: WebAssembly runs them.
  return firstThatLoads(ocrProviders(device, gpu), async (provider) => createPaddleOcr(await runtime(provider, threads), files));
}

/** onnxruntime-web, configured, as paddleocr.js takes it: create(ArrayBuffer) on the one provider. */
async function runtime(provider: OcrProvider, threads: number): Promise<OrtModule> {
  const ort = provider === 'webgpu' ? await webgpuRuntime() : await wasmRuntime();
  ort.env.wasm.numThreads = threads;
  // paddleocr.js reads only tensor metadata from the sessions. It creates the two at once, which
  // the WebGPU provider refuses ("another WebGPU EP inference session is being created").
  const creating = new Serial();
  const session = async (buffer: ArrayBuffer) => ort.InferenceSession.create(new Uint8Array(buffer), { executionProviders: [provider] });
  const create = async (buffer: ArrayBuffer): Promise<OrtInferenceSession> =>
    (await (provider === 'webgpu' ? creating.run(() => session(buffer)) : session(buffer))) as unknown as OrtInferenceSession;
  return { Tensor: ort.Tensor, InferenceSession: { create } } as unknown as OrtModule;
}

/** The build with WebGPU: the asyncify pair transformers.js loads too, which the app's precache holds. */
async function webgpuRuntime() {
  const ort = await import('onnxruntime-web/webgpu');
  ort.env.wasm.wasmPaths = ortWasmPaths();
  return ort;
}

async function wasmRuntime() {
  // ONNX Runtime's plain wasm build, not the asyncify one: that build carries WebGPU's hooks and
  // ran the same pages on its wasm provider far slower here
  // (docs/decisions/2026-11-26-ocr-plain-wasm.md). Its wasm-only bundle has the glue built in (ORT's
  // default bundle is WebGPU's, whose larger wasm it would add to the site); like the models, its
  // wasm comes from the site with the first scan and stays in the OCR cache.
  const ort = await import('onnxruntime-web/wasm');
  ort.env.wasm.wasmBinary = await ocrSiteFile(absoluteUrl(ortPlainWasm), 'the OCR runtime');
  return ort;
}
