/**
 * One size per model everywhere: the bytes the browser holds once a model is cached (what the
 * download panel and the cached-model list count), the registry's estimate before that.
 */
import type { CachedModel } from '../../protocol/api.ts';

export interface ModelSize {
  bytes: number;
  /** exact: the cached files' sizes; floor: some cached files came without one; estimate: the registry's. */
  kind: 'exact' | 'floor' | 'estimate';
}

export function modelSize(model: { id: string; repo: string; sizeMB: number }, cached: readonly CachedModel[] | undefined): ModelSize {
  // cached files are listed under their repository (hub, mirror) or the folder name (the site's /models/)
  const held = cached?.find((c) => c.id === model.repo || c.id === model.id || c.id.endsWith(`/${model.id}`));
  if (held) return { bytes: held.bytes, kind: held.approximate ? 'floor' : 'exact' };
  return { bytes: model.sizeMB * 1024 * 1024, kind: 'estimate' };
}
