/** Opens an engine over an index file with the models the options name. */
import { existsSync } from 'node:fs';
import { LociEngine } from '../core/engine/engine.ts';
import type { ManifestSettings } from '../core/stored-index/manifest.ts';
import { describeDamage, IndexDamagedError } from '../core/stored-index/damage.ts';
import { loadNodeModels } from '../models/node.ts';
import { FileIndexStore } from './file-store.ts';
import { convertHint } from './older-export.ts';
import { defaultCacheDir, UsageError, type CommonOptions } from './options.ts';
import { cachedEmbedder } from '../models/node-embedding-cache.ts';
import path from 'node:path';
import type { ModelDownloads } from '../models/node-download.ts';
import { downloadProgress } from './download-progress.ts';

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
 * What a command does with an index whose checksums found damage: answer from the intact documents
 * with a warning (ask, inspect), refuse (index: extending it would carry the damage on), or take it
 * as it is (repair).
 */
export type OnDamage = 'warn' | 'refuse' | 'accept';

/**
 * Reads the index file once: its manifest names the embedder to load (an explicit one that differs
 * is refused by the engine), and the same snapshot becomes the engine's store.
 */
export async function openEngine(
  indexPath: string,
  options: CommonOptions,
  use: ModelChoice,
  settings?: Partial<ManifestSettings>,
  {
    mustExist = false,
    onDamage = 'warn',
    cacheEmbeddings = false,
    readOnly = false,
  }: {
    mustExist?: boolean;
    onDamage?: OnDamage;
    /**
     * Keep document vectors in the embedding cache (index, repair): reading the cache means reading
     * every vector it holds, which a command that embeds one question should not pay at start-up.
     */
    cacheEmbeddings?: boolean;
    /**
     * Never write the file (ask, inspect): they take no lock, and what they make for a question
     * (its clusters) is kept in memory for the run only.
     */
    readOnly?: boolean;
  } = {},
): Promise<OpenedEngine> {
  if (mustExist && !existsSync(indexPath)) {
    throw new UsageError(`${indexPath}: no such index (build one with: loci index <files…> --out ${indexPath})`);
  }
  const store = await FileIndexStore.open(indexPath, { readOnly });
  if (store.olderExport) {
    process.stderr.write(`note: ${indexPath} is a library exported by an older version of the Loci app (a zip archive); it is read as converted, and left as it is (${convertHint(indexPath)} converts it for good)\n`);
  }
  const embedder = use.embedder ?? store.snapshot()?.manifest.embedder.id ?? options.embedder;
  const download = options.downloadModels ? modelDownloads() : undefined;
  const models = await loadNodeModels({
    modelsDir: options.modelsDir,
    embedder,
    generator: use.generator,
    reranker: use.reranker,
    ...(download ? { download, onDownload: downloadProgress(download, options.quiet) } : {}),
  });
  // Indexing the same text again (a resumed run, a file indexed into a second index) embeds nothing.
  const embedderInUse = cacheEmbeddings
    ? await cachedEmbedder(models.embedder, { dir: path.join(defaultCacheDir(), 'embeddings'), fingerprint: models.embedderBuild })
    : models.embedder;
  const engine = await LociEngine.open({ ...models, embedder: embedderInUse, store, settings });
  const { damage } = engine;
  if (damage.length > 0 && onDamage === 'refuse') {
    throw new IndexDamagedError(
      `${indexPath} is damaged, so nothing was added (the damage would be carried into the extended file): ` +
        `${damage.map(describeDamage).join('; ')}. Run loci repair ${indexPath} <folders holding the damaged files> first`,
      damage,
    );
  }
  if (damage.length > 0 && onDamage === 'warn') {
    const intact = engine.documents.length;
    for (const d of damage) process.stderr.write(`warning: ${describeDamage(d)}\n`);
    process.stderr.write(`warning: ${indexPath} is damaged; answers come from its ${intact} intact document${intact === 1 ? '' : 's'} (loci repair ${indexPath} rebuilds it)\n`);
  }
  return { engine, store };
}

/**
 * Where models the folder lacks come from and are kept: the hub, or a mirror with its URL layout
 * named by LOCI_MODEL_HOST, into the CLI's cache folder.
 */
export function modelDownloads(): ModelDownloads {
  const host = process.env.LOCI_MODEL_HOST;
  return { cacheDir: path.join(defaultCacheDir(), 'models'), ...(host ? { host } : {}) };
}
