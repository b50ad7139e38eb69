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

/** The site's models folder is a path ('/models/'), never a URL: transformers.js needs it so. */
function toModelSource(source: ModelSourceSetting): ModelSource {
  if (source.kind === 'local') return { kind: 'local', path: SITE_MODELS_PATH };
  return source;
}
