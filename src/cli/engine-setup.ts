/** Opens an engine over an index file with the models the options name. */
import { existsSync } from 'node:fs';
import { LociEngine } from '../core/engine/engine.ts';
import type { ManifestSettings } from '../core/persist/manifest.ts';
import { decodeIndex } from '../core/persist/binary-format.ts';
import { readFileSync } from 'node:fs';
import { loadNodeModels } from '../models/node.ts';
import { FileIndexStore } from './file-store.ts';
import { UsageError, type CommonOptions } from './options.ts';

export interface OpenedEngine {
  engine: LociEngine;
  store: FileIndexStore;
}

/** For commands that read an existing index: its own embedder unless --embedder says otherwise. */
export function embedderOfIndex(indexPath: string, explicit: string | undefined): string {
  if (!existsSync(indexPath)) throw new UsageError(`${indexPath}: no such index (build one with: loci index <files…> --out ${indexPath})`);
  return explicit ?? decodeIndex(new Uint8Array(readFileSync(indexPath))).manifest.embedder.id;
}

export async function openEngine(
  indexPath: string,
  options: CommonOptions,
  use: { embedder: string; generator?: string; reranker?: string },
  settings?: Partial<ManifestSettings>,
): Promise<OpenedEngine> {
  const models = await loadNodeModels({ modelsDir: options.modelsDir, embedder: use.embedder, generator: use.generator, reranker: use.reranker });
  const store = await FileIndexStore.open(indexPath);
  const engine = await LociEngine.open({ ...models, store, settings });
  return { engine, store };
}
