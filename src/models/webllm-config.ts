/**
 * web-llm model choice and AppConfig. web-llm ships a prebuilt list of MLC builds whose weights
 * live on the hub and whose model libraries (.wasm) live on GitHub; Loci rewrites those URLs to a
 * mirror or to files served by the app, and picks the build the GPU can actually run.
 */
import { modelVersion, prebuiltAppConfig } from '@mlc-ai/web-llm';
import type { AppConfig, ModelRecord } from '@mlc-ai/web-llm';
import { MODEL_REGISTRY } from './registry.ts';
import type { ModelInfo } from './registry.ts';

export type WebLlmQuant = 'q4f16' | 'q4f32';

export interface WebLlmChoice {
  /** web-llm model_id to pass to `CreateWebWorkerMLCEngine` / `engine.reload`. */
  modelId: string;
  quant: WebLlmQuant;
  vramMB?: number;
}

/**
 * q4f16 only when the adapter has `shader-f16`: the prebuilt Qwen records declare no
 * required_features, so without the feature a q4f16 build fails late, at shader compilation.
 */
export function chooseWebLlmModel(info: ModelInfo, gpu: { shaderF16: boolean }): WebLlmChoice | undefined {
  const builds = info.webllm;
  if (!builds) return undefined;
  if (gpu.shaderF16 && builds.q4f16) return { modelId: builds.q4f16, quant: 'q4f16', vramMB: builds.vramMB16 };
  if (builds.q4f32) return { modelId: builds.q4f32, quant: 'q4f32', vramMB: builds.vramMB32 };
  return undefined;
}

/** web-llm's own record for a model_id, untouched. */
export function prebuiltRecord(modelId: string): ModelRecord | undefined {
  return prebuiltAppConfig.model_list.find((m) => m.model_id === modelId);
}

/** Every web-llm model_id the registry offers. */
export function registryWebLlmIds(): string[] {
  return MODEL_REGISTRY.flatMap((m) => [m.webllm?.q4f16, m.webllm?.q4f32]).filter((id): id is string => !!id);
}

const HUB = 'https://huggingface.co/';

export interface WebLlmAppConfigOptions {
  /**
   * Where the weights are instead of huggingface.co, with the hub's layout below it
   * (`{base}mlc-ai/{model_id}/resolve/main/…`; web-llm appends `resolve/main/` itself).
   * May be a path such as '/models/webllm/' in a page; it is made absolute against `origin`,
   * because web-llm builds its URLs with `new URL(model)` and needs an absolute one.
   */
  base?: string;
  /** Where the model libraries (`*.wasm`) are instead of GitHub: a folder holding them by file name. */
  libBase?: string;
  /** Resolves relative `base`/`libBase`; defaults to the page's or worker's location. */
  origin?: string;
  /** Which models to list; defaults to all web-llm builds in the registry. */
  modelIds?: string[];
  cacheBackend?: AppConfig['cacheBackend'];
}

export function webLlmAppConfig(options: WebLlmAppConfigOptions = {}): AppConfig {
  const ids = options.modelIds ?? registryWebLlmIds();
  const base = options.base === undefined ? undefined : absoluteFolder(options.base, options.origin);
  const libBase = options.libBase === undefined ? undefined : absoluteFolder(options.libBase, options.origin);
  const model_list = ids.map((id) => {
    const record = prebuiltRecord(id);
    if (!record) throw new Error(`web-llm (${modelVersion}) has no prebuilt model "${id}".`);
    return customRecord(record, base, libBase);
  });
  return { model_list, ...(options.cacheBackend ? { cacheBackend: options.cacheBackend } : {}) };
}

function customRecord(record: ModelRecord, base: string | undefined, libBase: string | undefined): ModelRecord {
  const out: ModelRecord = { ...record };
  if (base) {
    out.model = record.model.startsWith(HUB) ? base + record.model.slice(HUB.length) : record.model;
  }
  if (libBase) {
    out.model_lib = libBase + record.model_lib.slice(record.model_lib.lastIndexOf('/') + 1);
  }
  // Fail at load with web-llm's clear "requires shader-f16" error rather than at shader compilation.
  if (/q4f16/.test(record.model_id) && !record.required_features?.includes('shader-f16')) {
    out.required_features = [...(record.required_features ?? []), 'shader-f16'];
  }
  return out;
}

function absoluteFolder(path: string, origin: string | undefined): string {
  const here = origin ?? (globalThis as { location?: { href?: string } }).location?.href;
  let url: URL;
  try {
    url = here ? new URL(path, here) : new URL(path);
  } catch {
    throw new Error(`"${path}" is not an absolute URL and there is no origin to resolve it against.`);
  }
  const href = url.href;
  return href.endsWith('/') ? href : `${href}/`;
}
