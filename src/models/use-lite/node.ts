/** USE-Lite for Node: the embedder over a pool of worker threads, its files from node_modules. */
import { readUseLiteArtifacts } from './artifacts.ts';
import { createUseLiteEmbedder } from './embedder.ts';
import type { UseLiteEmbedder } from './embedder.ts';
import { readPackageFile } from './node-files.ts';
import { startNodePool } from './node-pool.ts';

export async function createNodeUseLite(options: { threads?: number } = {}): Promise<UseLiteEmbedder> {
  const artifacts = await readUseLiteArtifacts(readPackageFile());
  return createUseLiteEmbedder(artifacts.vocabulary, await startNodePool(artifacts, options.threads));
}
