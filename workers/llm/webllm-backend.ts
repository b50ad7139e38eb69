/**
 * web-llm (MLC, WebGPU) behind the Generator port. The MLC engine runs right here in the LLM
 * worker, so the engine worker sees the same comlink API whichever backend answers. This module is
 * imported only when web-llm is chosen: web-llm is large and useless without a GPU.
 */
import { CreateMLCEngine, hasModelInCache, type InitProgressReport } from '@mlc-ai/web-llm';
import type { DownloadProgress } from '../../src/protocol/api.ts';
import type { ModelInfo } from '../../src/models/registry.ts';
import { chooseWebLlmModel, webLlmAppConfig } from '../../src/models/webllm-config.ts';
import { createWebLlmGenerator, type WebLlmGenerator } from '../../src/models/webllm-generator.ts';
import type { ModelSourceSetting } from '../../src/protocol/workers.ts';
import { SITE_MODELS_PATH } from '../shared/site-models.ts';

/** The one "file" a web-llm download is reported as: its reports name none. */
const WEBLLM_WEIGHTS = 'weights';

export async function loadWebLlm(
  info: ModelInfo,
  gpu: { shaderF16: boolean },
  source: ModelSourceSetting,
  onProgress: (progress: DownloadProgress) => void,
  /** The model's exact token count; web-llm's engine has no public tokenizer, so without it counts are an estimate. */
  countTokens?: (text: string) => Promise<number>,
): Promise<WebLlmGenerator> {
  const choice = chooseWebLlmModel(info, gpu);
  if (!choice) throw new Error(`${info.id} has no web-llm build`);
  const appConfig = webLlmAppConfig({ modelIds: [choice.modelId], ...locations(source) });
  // Asked of web-llm, for the build and the URLs loaded below: it keeps the weights under the MLC
  // build's URL, which neither the registry id nor any file name in its reports leads to.
  const cached = await hasModelInCache(choice.modelId, appConfig).catch(() => false);
  const engine = await CreateMLCEngine(choice.modelId, {
    appConfig,
    ...(cached ? {} : { initProgressCallback: weightsDownload(choice.modelId, Math.round(info.sizeMB * 1e6), onProgress) }),
  });
  return createWebLlmGenerator({ engine, modelId: choice.modelId, info, ...(countTokens ? { countTokens } : {}) });
}

/**
 * web-llm's load reports carry a fraction and a sentence, no file and no bytes. The fraction runs
 * from 0 to 1 over the weights' download first, then again from 0 over reading them onto the GPU
 * and over compiling its shaders: only the first run is the download, reported as one file whose
 * bytes are the registry's estimate, done once it reaches 1 (or the fraction falls back).
 */
function weightsDownload(model: string, total: number, onProgress: (progress: DownloadProgress) => void): (report: InitProgressReport) => void {
  let last = 0;
  let over = false;
  return (report) => {
    if (over) return;
    const done = report.progress >= 1 || report.progress < last;
    const fraction = done ? 1 : report.progress;
    last = fraction;
    over = done;
    onProgress({ model, file: WEBLLM_WEIGHTS, loaded: Math.round(fraction * total), total, done });
  };
}

/** Weights in the hub's layout below the base; model libraries by file name below libBase. */
function locations(source: ModelSourceSetting): { base?: string; libBase?: string } {
  if (source.kind === 'mirror') return { base: source.baseUrl };
  if (source.kind === 'local') return { base: SITE_MODELS_PATH, libBase: `${SITE_MODELS_PATH}webllm-libs/` };
  return {};
}
