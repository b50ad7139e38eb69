/**
 * Models from a folder on this computer, for a browser that cannot download them (offline, the hub
 * blocked, no mirror). The folder holds models in the transformers.js layout (`<repo>/config.json`,
 * `<repo>/onnx/…`, as `../shared/models` does), or is one such model. Each file is written into
 * transformers.js's cache under the URL this site's own `/models/` folder would serve it from, so
 * the model source "this site's /models/ folder" then finds every file in the cache and fetches
 * nothing. (web-llm's GPU builds are not read from a folder: a GPU browser falls back to the
 * transformers.js build of the same model.)
 */
import type { ModelFolderFile } from '../../src/protocol/api.ts';
import { TRANSFORMERS_CACHE } from './model-cache.ts';

/**
 * The repo path each file belongs to (`Xenova/multilingual-e5-small/onnx/model.onnx`), by the
 * nearest folder above it that holds a config.json; files of no model are left out. A picked
 * folder that is itself a model is named by the known repo that ends with its name, if any.
 */
export function modelFilePaths(paths: readonly string[], knownRepos: readonly string[]): Map<string, { repo: string; file: string }> {
  const roots = paths.filter((p) => p.split('/').pop() === 'config.json').map((p) => p.slice(0, -'/config.json'.length));
  const out = new Map<string, { repo: string; file: string }>();
  for (const path of paths) {
    const root = roots.filter((r) => path.startsWith(`${r}/`)).sort((a, b) => b.length - a.length)[0];
    if (root === undefined) continue;
    const segments = root.split('/');
    // the picked folder's own name is the first segment: drop it, unless it is the model itself
    let repo = segments.length > 1 ? segments.slice(1).join('/') : segments[0];
    if (!repo.includes('/')) repo = knownRepos.find((known) => known.endsWith(`/${repo}`)) ?? repo;
    out.set(path, { repo, file: path.slice(root.length + 1) });
  }
  return out;
}

/** Writes the folder's model files into the cache; returns the repos found, in order. */
export async function importModelFolder(files: readonly ModelFolderFile[], knownRepos: readonly string[], modelsUrl: string, storage: CacheStorage = caches): Promise<string[]> {
  const paths = modelFilePaths(
    files.map((f) => f.path),
    knownRepos,
  );
  const cache = await storage.open(TRANSFORMERS_CACHE);
  const repos = new Set<string>();
  for (const { path, file } of files) {
    const target = paths.get(path);
    if (!target) continue;
    const headers = { 'content-length': String(file.size), 'content-type': target.file.endsWith('.json') ? 'application/json' : 'application/octet-stream' };
    await cache.put(new URL(`${target.repo}/${target.file}`, modelsUrl).href, new Response(file, { headers }));
    repos.add(target.repo);
  }
  return [...repos];
}
