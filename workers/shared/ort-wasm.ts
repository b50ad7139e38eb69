/**
 * ONNX Runtime's wasm, served by the app itself (onnxruntime-web otherwise fetches it from a CDN,
 * which fails offline). The one asyncify pair serves both the wasm and the webgpu execution
 * providers, for transformers.js in the embed and LLM workers; the OCR worker runs the plain wasm
 * build (workers/ocr/ocr-service.ts).
 */
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import ortMjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';

/** ORT wants absolute URLs; in a worker a root-relative one would resolve against nothing useful. */
export function ortWasmPaths(): { wasm: string; mjs: string } {
  return { wasm: absoluteUrl(ortWasm), mjs: absoluteUrl(ortMjs) };
}

export function absoluteUrl(url: string): string {
  return new URL(url, self.location.href).href;
}
