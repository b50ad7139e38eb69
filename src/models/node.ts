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
import { allowDownloads, downloadFailure, isKept, type ModelDownloads } from './node-download.ts';

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
  /**
   * A model that is not in `modelsDir` is downloaded (from the hub, or `host`) into `cacheDir`
   * and kept; without this, the folder is all there is (the test models are never downloaded).
   */
  download?: ModelDownloads;
  /** Bytes of a model being downloaded now (not one read from the folder or the cache). */
  onDownload?: (model: string, progress: LoadProgress) => void;
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
  const asked: [string, ModelTask][] = [
    ...(useLite ? [] : [[options.embedder, 'embedder'] as [string, ModelTask]]),
    ...(options.reranker ? [[options.reranker, 'reranker'] as [string, ModelTask]] : []),
    ...(options.generator ? [[options.generator, 'generator'] as [string, ModelTask]] : []),
  ];
  // Each model from the folder when it is there, else from the host when downloads are allowed.
  const fromHost = new Set<string>();
  if (source.kind === 'local') {
    for (const [id, task] of asked) {
      if (inFolder(source.path, id, task)) continue;
      if (!options.download || findModel(id)?.local) throw missingFrom(source.path, id, task, options.download !== undefined);
      fromHost.add(id);
    }
  }
  const download = options.download;
  if (download && fromHost.size > 0) allowDownloads(download);
  const common = (id: string, task: ModelTask) => {
    const downloading = download !== undefined && fromHost.has(id) && !isKept(download, resolveInfo(id, task).repo);
    const onProgress = (p: LoadProgress) => {
      options.onProgress?.(id, p);
      if (downloading) options.onDownload?.(id, p);
    };
    return {
      device: options.device ?? ('cpu' as const),
      dtype: options.dtypes?.[id],
      localOnly: source.kind === 'local' && !fromHost.has(id),
      onProgress: options.onProgress || downloading ? onProgress : undefined,
    };
  };
  // a failed download named in one line, with what needs none
  const load = <T>(id: string, task: ModelTask, create: (id: string, loadOptions: ReturnType<typeof common>) => Promise<T>): Promise<T> => {
    const loading = create(id, common(id, task));
    return download && fromHost.has(id) ? loading.catch((error: unknown) => Promise.reject(downloadFailure(error, id, task, download))) : loading;
  };
  const { reranker: rerankerId, generator: generatorId } = options;
  const [embedder, reranker, generator] = await Promise.all([
    useLite ? createNodeUseLite({ threads: options.threads }) : load(options.embedder, 'embedder', createTransformersEmbedder),
    rerankerId ? load(rerankerId, 'reranker', createTransformersReranker) : undefined,
    generatorId ? load(generatorId, 'generator', createTransformersGenerator) : undefined,
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

function inFolder(dir: string, modelId: string, task: ModelTask): boolean {
  return existsSync(path.join(dir, resolveInfo(modelId, task).repo, 'config.json'));
}

/** A clear message up front instead of transformers.js's file-not-found deep inside loading. */
function missingFrom(dir: string, modelId: string, task: ModelTask, downloading: boolean): ModelMissingError {
  const folder = path.join(dir, resolveInfo(modelId, task).repo);
  const where = downloading
    ? 'It is a test model, never downloaded: give the folder that holds it with --models or LOCI_MODELS_DIR.'
    : 'Download it there in the transformers.js layout, pick a model that is, or give the folder with --models or LOCI_MODELS_DIR.';
  return new ModelMissingError(`the ${task} "${modelId}" is not in ${dir} (expected ${folder}/config.json). ${where}`);
}
