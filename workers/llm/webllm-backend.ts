/**
 * web-llm (MLC, WebGPU) behind the Generator port. The MLC engine runs right here in the LLM
 * worker, so the engine worker sees the same comlink API whichever backend answers. This module is
 * imported only when web-llm is chosen: web-llm is large and useless without a GPU.
 */
import { CreateMLCEngine } from '@mlc-ai/web-llm';
import type { DownloadProgress } from '../../src/protocol/api.ts';
import type { ModelInfo } from '../../src/models/registry.ts';
import { chooseWebLlmModel, webLlmAppConfig } from '../../src/models/webllm-config.ts';
import { createWebLlmGenerator, type WebLlmGenerator } from '../../src/models/webllm-generator.ts';
import type { ModelSourceSetting } from '../../src/protocol/workers.ts';
import { SITE_MODELS_PATH } from '../shared/site-models.ts';

export async function loadWebLlm(
  info: ModelInfo,
  gpu: { shaderF16: boolean },
  source: ModelSourceSetting,
  onProgress: (progress: DownloadProgress) => void,
): Promise<WebLlmGenerator> {
  const choice = chooseWebLlmModel(info, gpu);
  if (!choice) throw new Error(`${info.id} has no web-llm build`);
  const appConfig = webLlmAppConfig({ modelIds: [choice.modelId], ...locations(source) });
  const total = Math.round(info.sizeMB * 1e6);
  const engine = await CreateMLCEngine(choice.modelId, {
    appConfig,
    // web-llm reports a fraction and a sentence, not bytes: the bytes are the registry's estimate.
    initProgressCallback: (report) =>
      onProgress({ model: choice.modelId, file: report.text, loaded: Math.round(report.progress * total), total, done: report.progress >= 1 }),
  });
  return createWebLlmGenerator({ engine, modelId: choice.modelId, info });
}

/** Weights in the hub's layout below the base; model libraries by file name below libBase. */
function locations(source: ModelSourceSetting): { base?: string; libBase?: string } {
  if (source.kind === 'mirror') return { base: source.baseUrl };
  if (source.kind === 'local') return { base: SITE_MODELS_PATH, libBase: `${SITE_MODELS_PATH}webllm-libs/` };
  return {};
}
