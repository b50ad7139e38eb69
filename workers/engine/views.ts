/** Read-only views of the index for the UI: the passage a citation opens, a document's cluster map. */
import type { ClusterMap, Passage } from '../../src/client/api.ts';
import type { LociEngine } from '../../src/core/engine/engine.ts';
import type { LiveCorpus } from '../../src/core/engine/live-corpus.ts';
import { documentGroupId } from '../../src/core/pipeline/stages.ts';
import type { Chunk } from '../../src/core/types.ts';
import type { IdbIndexStore } from '../../src/storage/idb-index-store.ts';

/** A searchable chunk by id, or undefined once its document has left the index. */
export function findChunk(corpus: LiveCorpus, chunkId: string): Chunk | undefined {
  try {
    return corpus.chunk(chunkId);
  } catch {
    // LiveCorpus.chunk throws for an unknown id: for a stored citation that is an expected answer.
    return undefined;
  }
}

export async function passage(engine: LociEngine, store: IdbIndexStore, chunkId: string): Promise<Passage> {
  const chunk = findChunk(engine.corpus, chunkId);
  const record = chunk && engine.indexer.documents.get(chunk.docId);
  if (!chunk || !record) throw new Error('this passage is no longer in the library (its document was deleted)');
  const { doc } = record;
  // The whole text: chunk and block offsets index into it, so the viewer can scroll and highlight.
  const result: Passage = { docId: doc.id, docName: doc.name, mime: doc.mime, chunk, text: doc.text, blocks: doc.blocks, toc: doc.toc };
  if (doc.mime === 'application/pdf') result.original = (await store.getOriginal(doc.id))?.bytes;
  return result;
}

/** The UMAP layout computed at clustering, each chunk coloured by the cluster it belongs to most. */
export function clusterMap(engine: LociEngine, docId: string): ClusterMap | undefined {
  const group = engine.indexer.groups.get(documentGroupId(docId))?.group;
  const record = engine.indexer.documents.get(docId);
  if (!group?.layout || !record) return undefined;
  const strongest = new Map<string, { cluster: number; p: number }>();
  group.clusters.forEach((cluster, index) => {
    for (const { chunkId, p } of cluster.members) {
      const best = strongest.get(chunkId);
      if (!best || p > best.p) strongest.set(chunkId, { cluster: index, p });
    }
  });
  const texts = new Map(record.chunks.map((c) => [c.id, c.text]));
  const { chunkIds, xy } = group.layout;
  return {
    docId,
    clusters: group.clusters.length,
    points: chunkIds.map((chunkId, i) => ({
      chunkId,
      x: xy[2 * i],
      y: xy[2 * i + 1],
      // -1: a chunk in no cluster of its own (its clusters were singletons, which are dropped).
      cluster: strongest.get(chunkId)?.cluster ?? -1,
      text: texts.get(chunkId) ?? '',
    })),
  };
}
