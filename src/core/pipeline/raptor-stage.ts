/** RAPTOR's collapsed tree over a group's chunks, with summaries by the LLM or extractive. */
import { buildRaptorTree } from '../cluster/index.ts';
import { entryId } from '../ids.ts';
import type { ProgressListener } from '../ports.ts';
import type { Chunk, Entry, Lang, RaptorNode } from '../types.ts';
import type { StageDeps } from './stages.ts';
import { clusteringOptions } from './cluster-options.ts';
import { extractiveSummarizer, llmSummarizer } from './summarizers.ts';

export async function buildRaptorEntries(
  deps: StageDeps,
  groupId: string,
  chunks: Chunk[],
  vectors: Float32Array[],
  options: { signal?: AbortSignal; onProgress?: ProgressListener; lang: Lang },
): Promise<{ nodes: RaptorNode[]; entries: Entry[]; vectors: Float32Array }> {
  const { manifest, embedder, generator } = deps;
  const summarize = manifest.preparse.mode === 'llm' && generator ? llmSummarizer(generator, options.lang) : extractiveSummarizer();
  const tree = await buildRaptorTree(
    chunks.map((c, i) => ({ id: c.id, text: c.text, vector: vectors[i] })),
    {
      groupId,
      ...clusteringOptions(manifest),
      maxLevels: 3,
      summarize,
      embed: (texts) => embedder.embed(texts, 'passage'),
      signal: options.signal,
      onProgress: (done: number, total: number) => options.onProgress?.({ stage: 'raptor', done, total, item: groupId }),
    },
  );
  const entries: Entry[] = tree.nodes.map((node) => ({
    id: entryId(node, 'raptor', 'whole', 0),
    kind: 'raptor',
    level: 'whole',
    text: node.summary,
    origin: { type: 'raptor', id: node.id },
  }));
  const flat = new Float32Array(tree.vectors.length * embedder.dimension);
  tree.vectors.forEach((v, i) => flat.set(v, i * embedder.dimension));
  return { nodes: tree.nodes, entries, vectors: flat };
}
