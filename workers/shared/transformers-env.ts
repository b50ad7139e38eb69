/**
 * transformers.js set-up shared by the embed and LLM workers: ONNX Runtime's wasm comes from the
 * app itself (onnxruntime-web otherwise fetches it from a CDN, which fails offline), and model
 * files come from the source the settings name.
 */
import { env } from '@huggingface/transformers';
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import ortMjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import { configureModelSource, type ModelSource } from '../../src/models/source.ts';
import type { ModelSourceSetting } from '../../src/protocol/workers.ts';
import { SITE_MODELS_PATH } from './site-models.ts';

/** The one asyncify pair serves both the wasm and the webgpu execution providers. */
export function configureOnnxRuntime(): void {
  const wasm = env.backends.onnx.wasm;
  if (!wasm) throw new Error('onnxruntime-web exposes no wasm settings');
  // ORT wants absolute URLs; in a worker a root-relative one would resolve against nothing useful.
  wasm.wasmPaths = { wasm: absolute(ortWasm), mjs: absolute(ortMjs) };
}

export function configureSource(source: ModelSourceSetting): void {
  configureModelSource(toModelSource(source));
}

/** The site's models folder is a path ('/models/'), never a URL: transformers.js needs it so. */
function toModelSource(source: ModelSourceSetting): ModelSource {
  if (source.kind === 'local') return { kind: 'local', path: SITE_MODELS_PATH };
  return source;
}

function absolute(url: string): string {
  return new URL(url, self.location.href).href;
}
