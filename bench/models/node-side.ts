/**
 * The stand-ins on onnxruntime-node through the CLI's own loader (src/models/node.ts): embedding in
 * the indexer's calls of `batch` texts, and reranking one query against passages.
 */
import { loadNodeModels, type NodeModels } from '../../src/models/node.ts';
import type { ModelDtype } from '../../src/models/registry.ts';
import { configureModelSource } from '../../src/models/source.ts';
import { createTransformersGenerator, type TransformersGenerator } from '../../src/models/transformers-generator.ts';
import { E5, QWEN, RERANKER } from './stand-ins.ts';

export async function loadNodeSide(dir: string, dtype: ModelDtype, withReranker: boolean): Promise<NodeModels> {
  return loadNodeModels({ modelsDir: dir, embedder: E5, dtypes: { [E5]: dtype, [RERANKER]: 'q8' }, ...(withReranker ? { reranker: RERANKER } : {}) });
}

export async function nodeEmbedMs(models: NodeModels, texts: readonly string[], batch: number): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < texts.length; i += batch) await models.embedder.embed(texts.slice(i, i + batch), 'passage');
  return performance.now() - t0;
}

export async function nodeScoreMs(models: NodeModels, query: string, passages: string[]): Promise<number> {
  if (!models.reranker) throw new Error('no reranker loaded');
  const t0 = performance.now();
  await models.reranker.score(query, passages);
  return performance.now() - t0;
}

/** The generator stand-in as the CLI loads it (its q8 file on onnxruntime-node's CPU provider). */
export async function loadNodeGenerator(dir: string): Promise<TransformersGenerator> {
  configureModelSource({ kind: 'local', path: dir });
  return createTransformersGenerator(QWEN, { device: 'cpu' });
}
