/**
 * One size per model everywhere: the bytes the browser holds once a model is cached (what the
 * download panel and the cached-model list count); before that, the size of the file this device
 * will load (a GPU loads other files than the processor does), when that size is known.
 */
import type { CachedModel, DeviceSummary } from '../../protocol/api.ts';
import { chooseDtype, downloadSizeMB, type ModelInfo } from '../../protocol/vocabulary.ts';

export type ModelSize =
  /** exact: the cached files' sizes; floor: some cached files came without one; estimate: the registry's. */
  | { bytes: number; kind: 'exact' | 'floor' | 'estimate' }
  /** Not cached, and the size of the files this device loads is not in the registry. */
  | { bytes?: undefined; kind: 'unknown' };

type SizedModel = Pick<ModelInfo, 'id' | 'repo' | 'sizeMB' | 'task' | 'dtype' | 'dtypes' | 'webllm'>;

/** `device`: where the models run, once the engine has said; until then the registry's default file. */
export function modelSize(model: SizedModel, cached: readonly CachedModel[] | undefined, device?: DeviceSummary): ModelSize {
  // cached files are listed under their repository (hub, mirror) or the folder name (the site's /models/)
  const held = cached?.find((c) => c.id === model.repo || c.id === model.id || c.id.endsWith(`/${model.id}`));
  if (held) return { bytes: held.bytes, kind: held.approximate ? 'floor' : 'exact' };
  const mb = device ? downloadedMB(model, device) : model.sizeMB;
  return mb === undefined ? { kind: 'unknown' } : { bytes: mb * 1024 * 1024, kind: 'estimate' };
}

/** The size of the file the workers will load for `model` on `device`, as chooseDtype picks it there. */
function downloadedMB(model: SizedModel, device: DeviceSummary): number | undefined {
  if (model.task !== 'generator') return downloadSizeMB(model, chooseDtype(model, device.embedderDevice, device.shaderF16));
  // web-llm downloads its own MLC build, whose size the registry does not hold
  if (model.webllm && device.generatorBackend.startsWith('webllm')) return undefined;
  const onGpu = device.generatorBackend === 'transformers-webgpu' || device.generatorBackend.startsWith('webllm');
  return downloadSizeMB(model, chooseDtype(model, onGpu ? 'webgpu' : 'wasm', device.shaderF16));
}
