/** USE-Lite for Node: the embedder over a pool of worker threads, its files from node_modules. */
import { readVocabulary } from './artifacts.ts';
import { createUseLiteEmbedder } from './embedder.ts';
import type { UseLiteEmbedder } from './embedder.ts';
import { readPackageFile, useLitePackageDir } from './node-files.ts';
import { startNodePool } from './node-pool.ts';

export async function createNodeUseLite(options: { threads?: number } = {}): Promise<UseLiteEmbedder> {
  const packageDir = useLitePackageDir();
  const vocabulary = await readVocabulary(readPackageFile(packageDir));
  return createUseLiteEmbedder(vocabulary, await startNodePool({ ...options, packageDir }));
}
