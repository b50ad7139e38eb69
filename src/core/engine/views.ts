/**
 * Read-only views of the index for a reader: the passage a citation opens and a document's cluster
 * map. They are built from the records alone, so every front end shows the same thing.
 */
import type { DocumentRecord } from '../stored-index/snapshot.ts';
import type { Chunk, ClusterGroup, PlacedBlock, ScannedPage, TocEntry } from '../types.ts';

/** The passage a citation opens: the chunk inside its document's whole text, to scroll to and highlight. */
export interface PassageView {
  docId: string;
  docName: string;
  mime: string;
  chunk: Chunk;
  /** The whole text: chunk and block offsets index into it. */
  text: string;
  blocks: PlacedBlock[];
  toc: TocEntry[];
  /** The chunk's pages that were read by OCR: they have no text layer to find the passage in. */
  scanned?: ScannedPage[];
}

/** The cluster map of one document: its chunks on a 2-D UMAP, coloured by their strongest cluster. */
export interface ClusterMap {
  docId: string;
  points: { chunkId: string; x: number; y: number; cluster: number; text: string }[];
  clusters: number;
}

export function passageView(record: DocumentRecord, chunk: Chunk): PassageView {
  const { doc } = record;
  const view: PassageView = { docId: doc.id, docName: doc.name, mime: doc.mime, chunk, text: doc.text, blocks: doc.blocks, toc: doc.toc };
  const from = chunk.page;
  const to = chunk.pageEnd ?? from;
  const scanned = from === undefined || to === undefined ? [] : (doc.scanned ?? []).filter((p) => p.page >= from && p.page <= to);
  if (scanned.length > 0) view.scanned = scanned;
  return view;
}

/** The UMAP layout computed at clustering, each chunk coloured by the cluster it belongs to most. */
export function clusterMapOf(group: ClusterGroup, record: DocumentRecord): ClusterMap | undefined {
  if (!group.layout) return undefined;
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
    docId: record.doc.id,
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
