/**
 * transformers.js set-up shared by the embed and LLM workers: ONNX Runtime's wasm comes from the
 * app itself (ort-wasm.ts), and model files come from the source the settings name.
 */
import { env } from '@huggingface/transformers';
import { configureModelSource, type ModelSource } from '../../src/models/source.ts';
import type { ModelSourceSetting } from '../../src/protocol/workers.ts';
import { inferenceThreads } from './inference-threads.ts';
import { ortWasmPaths } from './ort-wasm.ts';
import { SITE_MODELS_PATH } from './site-models.ts';

/**
 * `threads`: the WebAssembly backend's thread pool, fixed by ORT when this worker's first session
 * starts (later changes are ignored); every core up to four when not given (inference-threads.ts).
 */
export function configureOnnxRuntime(options: { threads?: number } = {}): void {
  const wasm = env.backends.onnx.wasm;
  if (!wasm) throw new Error('onnxruntime-web exposes no wasm settings');
  wasm.wasmPaths = ortWasmPaths();
  wasm.numThreads = options.threads ?? inferenceThreads(navigator.hardwareConcurrency);
}

export function configureSource(source: ModelSourceSetting): void {
  configureModelSource(toModelSource(source));
}

/**
 * The site's models folder is read as a server of the site's own origin, with the folder's layout.
 * Read as a local folder, transformers.js 4.3.1 learnt each file's size (for its progress) by
 * fetching the whole file and leaving the body unread, then fetched it again to load it: every
 * model file crossed the network twice on a first load (docs/decisions/2026-12-02-test-suite-time.md).
 * From a server it asks for one byte.
 * The files, and the cache keys they are kept under (model-folder.ts writes those), are the same.
 */
function toModelSource(source: ModelSourceSetting): ModelSource {
  if (source.kind === 'local') return { kind: 'mirror', baseUrl: new URL(SITE_MODELS_PATH, self.location.href).href, pathTemplate: '{model}/' };
  return source;
}
