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

/** One topic: its chunks, each with how typical of it it is (its membership). */
type Topic = { chunk: Chunk; p: number }[];

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
  const topics: Topic[] = (group?.clusters ?? []).map(() => []);
  const unclaimed: Chunk[] = [];
  for (const chunk of record.chunks) {
    const claim = best.get(chunk.id);
    if (claim) topics[claim.topic].push({ chunk, p: claim.p });
    else unclaimed.push(chunk);
  }
  const clustered = topics.filter((t) => t.length > 0);
  return [...clustered, ...runs(unclaimed, clustered.length > 0 ? Math.ceil(unclaimed.length / clustered.length) : 1)];
}

/** Consecutive runs of `size` chunks, the middle one of each the most typical of its stretch of text. */
function runs(chunks: Chunk[], size: number): Topic[] {
  const out: Topic[] = [];
  const step = Math.max(1, size);
  for (let i = 0; i < chunks.length; i += step) {
    const run = chunks.slice(i, i + step);
    const middle = Math.floor((run.length - 1) / 2);
    out.push(run.map((chunk, j) => ({ chunk, p: j === middle ? 1 : 0 })));
  }
  return out;
}

/**
 * Up to `limit` chunks of the documents, best first for packing: round r takes one more passage
 * of every topic, larger topics first, documents interleaved, so whatever prefix the budget keeps
 * covers as many topics as it can. Each time, a topic gives its passage farthest (in the
 * document) from every passage already taken, the most typical among equals: a topic that recurs
 * through a document is read where it recurs, not twice in one place, so "from beginning to end"
 * covers the chapters rather than one chapter's neighbouring paragraphs.
 */
export function breadthChunks(documents: readonly BreadthDocument[], limit: number): RetrievedChunk[] {
  const topics = documents.flatMap((d) => topicsOf(d).map((members) => ({ members: [...members], doc: d.record.doc })));
  topics.sort((a, b) => b.members.length - a.members.length);
  const taken = new Map<string, number[]>();
  const spread = (chunk: Chunk) => Math.min(Infinity, ...(taken.get(chunk.docId) ?? []).map((o) => Math.abs(o - chunk.ordinal)));
  const out: RetrievedChunk[] = [];
  for (let round = 0; out.length < limit && topics.some((t) => t.members.length > 0); round++) {
    for (const { members, doc } of topics) {
      if (members.length === 0 || out.length >= limit) continue;
      let pick = 0;
      for (let i = 1; i < members.length; i++) if (better(members[i], members[pick], spread)) pick = i;
      const [{ chunk }] = members.splice(pick, 1);
      taken.set(chunk.docId, [...(taken.get(chunk.docId) ?? []), chunk.ordinal]);
      const rank = out.length + 1;
      out.push({ chunk, docName: doc.name, docTitle: doc.title ?? doc.name, score: 1 / rank, firstRank: rank, via: round === 0 ? 'cluster' : 'chunk' });
    }
  }
  return out;
}

/** Farther from what was taken, then more typical, then earlier. */
function better(a: Topic[number], b: Topic[number], spread: (chunk: Chunk) => number): boolean {
  const [sa, sb] = [spread(a.chunk), spread(b.chunk)];
  if (sa !== sb) return sa > sb;
  if (a.p !== b.p) return a.p > b.p;
  return a.chunk.ordinal < b.chunk.ordinal;
}
