/**
 * Models for Node (CLI, evaluation, tests): transformers.js on the CPU, from a local folder of
 * models by default. Not for the browser (it reads the filesystem).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { resolveInfo } from './transformers-load.ts';
import type { LoadProgress } from './transformers-load.ts';
import { configureModelSource } from './source.ts';
import type { ModelSource } from './source.ts';
import type { ModelDtype, ModelTask } from './registry.ts';
import { createTransformersEmbedder } from './transformers-embedder.ts';
import { createTransformersGenerator } from './transformers-generator.ts';
import type { TransformersGenerator } from './transformers-generator.ts';
import { createTransformersReranker } from './transformers-reranker.ts';
import { findModel } from './registry.ts';
import type { Embedder } from '../core/ports.ts';
import { createNodeUseLite } from './use-lite/node.ts';
import { useLitePackageVersion } from './use-lite/node-files.ts';
import type { TransformersReranker } from './transformers-reranker.ts';

export interface NodeModelsOptions {
  /** Folder of models in the transformers.js layout; used unless `source` says otherwise. */
  modelsDir?: string;
  /** Hub or mirror instead of a folder (machines with network access). */
  source?: ModelSource;
  embedder: string;
  reranker?: string;
  generator?: string;
  /** Where inference runs: the CPU by default; 'cuda' on a machine with an NVIDIA GPU and
   * onnxruntime-node's CUDA build installed (npm install without ONNXRUNTIME_NODE_INSTALL=skip). */
  device?: 'cpu' | 'cuda';
  /** Threads for an embedder that runs on threads of its own (USE-Lite); default one per core. */
  threads?: number;
  /** Per-model dtype overrides, by registry id. */
  dtypes?: Record<string, ModelDtype>;
  onProgress?: (model: string, progress: LoadProgress) => void;
}

/** An embedder the CLI can dispose of, whichever runtime it runs on. */
export type NodeEmbedder = Embedder & { dispose(): Promise<void> };

export interface NodeModels {
  embedder: NodeEmbedder;
  /** What besides the id tells this embedder's vectors apart (its dtype or package version): the embedding cache's key. */
  embedderBuild: string;
  reranker?: TransformersReranker;
  generator?: TransformersGenerator;
  dispose(): Promise<void>;
}

export async function loadNodeModels(options: NodeModelsOptions): Promise<NodeModels> {
  const source: ModelSource | undefined =
    options.source ?? (options.modelsDir ? { kind: 'local', path: path.resolve(options.modelsDir) } : undefined);
  if (!source) throw new Error('loadNodeModels needs modelsDir or source.');
  configureModelSource(source);
  // USE-Lite's files come with its npm package: it needs no models folder.
  const useLite = findModel(options.embedder)?.runtime === 'use-lite';
  if (source.kind === 'local') {
    if (!useLite) assertPresent(source.path, options.embedder, 'embedder');
    if (options.reranker) assertPresent(source.path, options.reranker, 'reranker');
    if (options.generator) assertPresent(source.path, options.generator, 'generator');
  }
  const common = (id: string) => ({
    device: options.device ?? ('cpu' as const),
    dtype: options.dtypes?.[id],
    onProgress: options.onProgress ? (p: LoadProgress) => options.onProgress?.(id, p) : undefined,
  });
  const [embedder, reranker, generator] = await Promise.all([
    useLite ? createNodeUseLite({ threads: options.threads }) : createTransformersEmbedder(options.embedder, common(options.embedder)),
    options.reranker ? createTransformersReranker(options.reranker, common(options.reranker)) : undefined,
    options.generator ? createTransformersGenerator(options.generator, common(options.generator)) : undefined,
  ]);
  return {
    embedder,
    embedderBuild: useLite ? useLitePackageVersion() : (options.dtypes?.[options.embedder] ?? resolveInfo(options.embedder, 'embedder').dtype),
    ...(reranker ? { reranker } : {}),
    ...(generator ? { generator } : {}),
    async dispose() {
      await Promise.all([embedder.dispose(), reranker?.dispose(), generator?.dispose()]);
    },
  };
}

/** A model the command was asked to use is not in the models folder: the person's to fix, not a crash. */
export class ModelMissingError extends Error {
  override name = 'ModelMissingError';
}

/** A clear message up front instead of transformers.js's file-not-found deep inside loading. */
function assertPresent(dir: string, modelId: string, task: ModelTask): void {
  const folder = path.join(dir, resolveInfo(modelId, task).repo);
  if (!existsSync(path.join(folder, 'config.json'))) {
    throw new ModelMissingError(
      `the ${task} "${modelId}" is not in ${dir} (expected ${folder}/config.json). ` +
        `Download it there in the transformers.js layout, pick a model that is, or give the folder with --models or LOCI_MODELS_DIR.`,
    );
  }
}
