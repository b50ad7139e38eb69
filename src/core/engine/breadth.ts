/**
 * A context built for breadth, for questions about a whole document or collection
 * (query/whole-document.ts). Top-k gives the passages most like the question's words, which sit
 * together in one topic; a summary needs every topic. CAP-RAG's clusters are a document's topics,
 * so this takes each cluster's most typical passage, then each one's second, and so on: packed
 * best first within the token budget, every topic gets a passage before any gets two. The
 * sources are then read in document order (answer/order.ts), so an answer can go from beginning
 * to end.
 */
import type { DocumentRecord } from '../stored-index/snapshot.ts';
import type { Chunk, ClusterGroup, RetrievedChunk } from '../types.ts';

export interface BreadthDocument {
  record: DocumentRecord;
  /** The document's own cluster group (document scope); none for a document too short to cluster. */
  group?: ClusterGroup;
}

/** One topic: its chunks, most typical first (highest membership). */
type Topic = Chunk[];

/**
 * A document's topics. A chunk belongs to the cluster that claims it most (soft clusters share
 * chunks); a document too short to cluster, or a chunk no cluster claims, is read in its order,
 * split into as many runs as the clustered documents' topics are on average long.
 */
function topicsOf({ record, group }: BreadthDocument): Topic[] {
  const byId = new Map(record.chunks.map((c) => [c.id, c]));
  const best = new Map<string, { topic: number; p: number }>();
  group?.clusters.forEach((cluster, topic) => {
    for (const m of cluster.members) {
      const known = best.get(m.chunkId);
      if (byId.has(m.chunkId) && (!known || m.p > known.p)) best.set(m.chunkId, { topic, p: m.p });
    }
  });
  const topics: { chunk: Chunk; p: number }[][] = (group?.clusters ?? []).map(() => []);
  const unclaimed: Chunk[] = [];
  for (const chunk of record.chunks) {
    const claim = best.get(chunk.id);
    if (claim) topics[claim.topic].push({ chunk, p: claim.p });
    else unclaimed.push(chunk);
  }
  const clustered = topics.filter((t) => t.length > 0).map((t) => t.sort((a, b) => b.p - a.p || a.chunk.ordinal - b.chunk.ordinal).map((m) => m.chunk));
  return [...clustered, ...runs(unclaimed, clustered.length > 0 ? Math.ceil(unclaimed.length / clustered.length) : 1)];
}

/** Consecutive runs of `size` chunks, each led by its middle chunk (the most typical of a stretch of text). */
function runs(chunks: Chunk[], size: number): Topic[] {
  const out: Topic[] = [];
  for (let i = 0; i < chunks.length; i += Math.max(1, size)) {
    const run = chunks.slice(i, i + Math.max(1, size));
    const middle = Math.floor((run.length - 1) / 2);
    out.push([run[middle], ...run.slice(0, middle), ...run.slice(middle + 1)]);
  }
  return out;
}

/**
 * Up to `limit` chunks of the documents, best first for packing: round r takes the r-th passage
 * of every topic, larger topics first, documents interleaved, so whatever prefix the budget keeps
 * covers as many topics as it can.
 */
export function breadthChunks(documents: readonly BreadthDocument[], limit: number): RetrievedChunk[] {
  const topics = documents.flatMap((d) => topicsOf(d).map((chunks) => ({ chunks, doc: d.record.doc })));
  topics.sort((a, b) => b.chunks.length - a.chunks.length);
  const out: RetrievedChunk[] = [];
  const seen = new Set<string>();
  const deepest = Math.max(0, ...topics.map((t) => t.chunks.length));
  for (let round = 0; round < deepest && out.length < limit; round++) {
    for (const { chunks, doc } of topics) {
      const chunk = chunks[round];
      if (!chunk || seen.has(chunk.id) || out.length >= limit) continue;
      seen.add(chunk.id);
      const rank = out.length + 1;
      out.push({ chunk, docName: doc.name, docTitle: doc.title ?? doc.name, score: 1 / rank, firstRank: rank, via: round === 0 ? 'cluster' : 'chunk' });
    }
  }
  return out;
}
