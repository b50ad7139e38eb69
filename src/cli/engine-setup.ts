/** Opens an engine over an index file with the models the options name. */
import { existsSync } from 'node:fs';
import { LociEngine } from '../core/engine/engine.ts';
import type { ManifestSettings } from '../core/persist/manifest.ts';
import { loadNodeModels } from '../models/node.ts';
import { FileIndexStore } from './file-store.ts';
import { UsageError, type CommonOptions } from './options.ts';

export interface OpenedEngine {
  engine: LociEngine;
  store: FileIndexStore;
}

export interface ModelChoice {
  /** Embedder id; for an existing index its own embedder when absent. */
  embedder?: string;
  generator?: string;
  reranker?: string;
}

/**
 * Reads the index file once: its manifest names the embedder to load (an explicit one that differs
 * is refused by the engine), and the same snapshot becomes the engine's store.
 */
export async function openEngine(
  indexPath: string,
  options: CommonOptions,
  use: ModelChoice,
  settings?: Partial<ManifestSettings>,
  { mustExist = false } = {},
): Promise<OpenedEngine> {
  if (mustExist && !existsSync(indexPath)) {
    throw new UsageError(`${indexPath}: no such index (build one with: loci index <files…> --out ${indexPath})`);
  }
  const store = await FileIndexStore.open(indexPath);
  const embedder = use.embedder ?? store.snapshot()?.manifest.embedder.id ?? options.embedder;
  const models = await loadNodeModels({ modelsDir: options.modelsDir, embedder, generator: use.generator, reranker: use.reranker });
  const engine = await LociEngine.open({ ...models, store, settings });
  return { engine, store };
}
