/**
 * A context built for breadth, for questions about a whole document or collection
 * (query/whole-document.ts). Top-k gives the passages most like the question's words, which sit
 * together in one topic; a summary needs every topic. CAP-RAG's clusters are a document's topics,
 * so every cluster gives a passage before any gives a second (see breadthChunks): packed best
 * first within the token budget, every topic is read before any is read twice. The
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

/**
 * Stretches a document without clusters is read as (one too short to cluster, or one still being
 * indexed): about as many topics as a law's chapters, so its beginning does not fill the budget.
 */
const UNCLUSTERED_STRETCHES = 16;

/** One topic: its chunks, each with how typical of it it is (its membership). */
type Topic = { chunk: Chunk; p: number }[];

/**
 * A document's topics. A chunk belongs to the cluster that claims it most (soft clusters share
 * chunks); a document without clusters, or the chunks no cluster claims, is read in its order,
 * split into runs as long as the clusters are on average (16 runs without clusters).
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
  return [...clustered, ...runs(unclaimed, Math.ceil(unclaimed.length / (clustered.length > 0 ? clustered.length : UNCLUSTERED_STRETCHES)))];
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

/** A passage waiting its turn: how typical of its topic, how large the topic, how far from every passage taken. */
interface Waiting {
  chunk: Chunk;
  p: number;
  size: number;
  /** Chunks between it and the nearest passage already taken from its document; Infinity before any. */
  spread: number;
}

/**
 * Up to `limit` chunks of the documents, best first for packing: round r takes one more passage
 * of every topic, so whatever prefix the budget keeps covers as many topics as it can. Within a
 * round, the next passage is the one farthest (in its document) from every passage already taken,
 * of any topic still waiting that round — the larger topic, then the more typical passage, among
 * equals. So the first passages span each document from beginning to end, and a topic that recurs
 * through it is read where it recurs, not twice in one place.
 */
export function breadthChunks(documents: readonly BreadthDocument[], limit: number): RetrievedChunk[] {
  const topics = documents.flatMap((d) =>
    topicsOf(d).map((members) => ({ doc: d.record.doc, members: members.map((m): Waiting => ({ ...m, size: members.length, spread: Infinity })) })),
  );
  const out: RetrievedChunk[] = [];
  for (let round = 0; out.length < limit && topics.some((t) => t.members.length > 0); round++) {
    const waiting = topics.filter((t) => t.members.length > 0);
    while (waiting.length > 0 && out.length < limit) {
      let best = { topic: 0, member: 0 };
      waiting.forEach((topic, t) =>
        topic.members.forEach((member, m) => {
          if (better(member, waiting[best.topic].members[best.member])) best = { topic: t, member: m };
        }),
      );
      const [topic] = waiting.splice(best.topic, 1);
      const [{ chunk }] = topic.members.splice(best.member, 1);
      // what is left of its document is now at most this far from a passage taken
      for (const other of topics) {
        if (other.doc.id !== chunk.docId) continue;
        for (const m of other.members) m.spread = Math.min(m.spread, Math.abs(m.chunk.ordinal - chunk.ordinal));
      }
      const rank = out.length + 1;
      out.push({ chunk, docName: topic.doc.name, docTitle: topic.doc.title ?? topic.doc.name, score: 1 / rank, firstRank: rank, via: round === 0 ? 'cluster' : 'chunk' });
    }
  }
  return out;
}

/** Farther from what was taken, then of the larger topic, then more typical, then earlier. */
function better(a: Waiting, b: Waiting): boolean {
  if (a.spread !== b.spread) return a.spread > b.spread;
  if (a.size !== b.size) return a.size > b.size;
  if (a.p !== b.p) return a.p > b.p;
  return a.chunk.ordinal < b.chunk.ordinal;
}
