/**
 * Runs pre-parsing over every original and cluster chunk not yet done, and appends the entries it
 * yields (embedded in batches) to the record that owns the source. Records are written every few
 * sources, so a stop loses at most one batch, which is simply redone on resume.
 */
import type { DocumentRecord, GroupRecord } from '../stored-index/snapshot.ts';
import { runPreparse, type PreparseSource } from '../preparse/index.ts';
import type { Entry, PreparseMode, PreparseRecord } from '../types.ts';
import { clusterText } from './base-entries.ts';
import { concatVectors, embedTexts } from './embed-texts.ts';
import { reached, type RecordSink, type StageDeps, type StageOptions } from './stages.ts';

export interface PreparseBudget {
  maxSources?: number;
  maxMillis?: number;
}

export interface PreparseOutcome {
  done: number;
  failed: number;
  pending: number;
  cancelled: boolean;
  budgetReached: boolean;
  /** Documents with sources still waiting (budget or cancel); they are not ready yet. */
  pendingDocs: Set<string>;
}

/**
 * Sources pre-parsed between checkpoints: at least 16, and a sixteenth of those already written
 * in this run. Each checkpoint copies the document's record whole (its entries and vectors grow by
 * concatenation), so a fixed batch made a long document quadratic: a long text took thousands of
 * checkpoints. Growing batches bound the copying to about sixteen times the record,
 * and the gap between checkpoints to a sixteenth of the work done; batches depend only on counts,
 * so the index stays deterministic.
 */
const FLUSH_AT_LEAST = 16;
const FLUSH_SHARE = 16;

export async function preparseStage(
  deps: StageDeps,
  sink: RecordSink,
  options: StageOptions & { budget?: PreparseBudget; mode?: PreparseMode },
): Promise<PreparseOutcome> {
  const mode = options.mode ?? deps.manifest.preparse.mode;
  const none: PreparseOutcome = { done: 0, failed: 0, pending: 0, cancelled: false, budgetReached: false, pendingDocs: new Set() };
  if (mode === 'off') return none;
  if (mode === 'llm' && !deps.generator) throw new Error('pre-parsing with an LLM needs a generator (or use the extractive mode)');

  const collected = collectSources(sink, options.docIds);
  // Extractive entries are the source's own sentences. A cluster's sentences are its members'
  // sentences again, already searchable and backtracking precisely to their chunk; repeating them
  // at cluster level would make nearly every hit pull in a whole cluster.
  const sources = mode === 'extractive' ? collected.sources.filter((s) => s.type === 'chunk') : collected.sources;
  const { ownerOf, docsOf } = collected;
  const labelOf = (sourceId: string) => {
    const names = (docsOf.get(sourceId) ?? []).map((id) => sink.documents.get(id)?.doc.name ?? id);
    return names.length === 1 ? names[0] : `${names.length} documents`;
  };
  const skip = new Set<string>();
  for (const r of sink.documents.values()) for (const p of r.preparse) skip.add(p.sourceId);
  for (const g of sink.groups.values()) for (const p of g.preparse) skip.add(p.sourceId);
  if (sources.every((s) => skip.has(s.id))) return none;

  let buffer: { record: PreparseRecord; entries: Entry[] }[] = [];
  let flushed = 0;
  const flush = async () => {
    if (buffer.length === 0) return;
    const batch = buffer;
    buffer = [];
    flushed += batch.length;
    const entries = batch.flatMap((b) => b.entries);
    const vectors = await embedTexts(deps.embedder, entries.map((e) => e.text));
    const dim = deps.embedder.dimension;
    let offset = 0;
    const byOwner = new Map<string, { records: PreparseRecord[]; entries: Entry[]; vectors: Float32Array[] }>();
    for (const b of batch) {
      const owner = ownerOf.get(b.record.sourceId)!;
      const slot = byOwner.get(owner) ?? { records: [], entries: [], vectors: [] };
      slot.records.push(b.record);
      slot.entries.push(...b.entries);
      slot.vectors.push(vectors.subarray(offset * dim, (offset + b.entries.length) * dim));
      offset += b.entries.length;
      byOwner.set(owner, slot);
    }
    for (const [owner, slot] of byOwner) {
      const added = concatVectors(...slot.vectors);
      const doc = sink.documents.get(owner);
      if (doc) {
        await sink.putDocument(appendTo(doc, slot.records, slot.entries, added));
      } else {
        const group = sink.groups.get(owner)!;
        await sink.putGroup(appendTo(group, slot.records, slot.entries, added));
      }
    }
  };

  const total = sources.length;
  const result = await runPreparse(sources, {
    mode,
    generator: deps.generator,
    skip,
    budget: options.budget,
    signal: options.signal,
    onProgress: (done, _total, sourceId) => options.onProgress?.({ stage: 'preparse', done, total, item: labelOf(sourceId) }),
    onSourceDone: async (record, entries) => {
      buffer.push({ record, entries });
      if (buffer.length >= Math.max(FLUSH_AT_LEAST, Math.floor(flushed / FLUSH_SHARE))) await flush();
    },
  });
  await flush();

  const finished = new Set(skip);
  for (const r of sink.documents.values()) for (const p of r.preparse) finished.add(p.sourceId);
  for (const g of sink.groups.values()) for (const p of g.preparse) finished.add(p.sourceId);
  const pendingDocs = new Set<string>();
  for (const s of sources) if (!finished.has(s.id)) for (const d of docsOf.get(s.id) ?? []) pendingDocs.add(d);
  return { ...result, pendingDocs };
}

function appendTo<R extends DocumentRecord | GroupRecord>(record: R, records: PreparseRecord[], entries: Entry[], vectors: Float32Array): R {
  return { ...record, preparse: [...record.preparse, ...records], entries: [...record.entries, ...entries], vectors: concatVectors(record.vectors, vectors) };
}

/** Sources in a stable order: documents in added order, their chunks, then each group's clusters. */
function collectSources(sink: RecordSink, docIds?: ReadonlySet<string>) {
  const inScope = (ids: readonly string[]) => !docIds || ids.every((id) => docIds.has(id));
  const sources: PreparseSource[] = [];
  const ownerOf = new Map<string, string>();
  const docsOf = new Map<string, string[]>();
  for (const r of sink.documents.values()) {
    if (!reached(r.job, 'embedded') || !inScope([r.doc.id])) continue;
    for (const c of r.chunks) {
      sources.push({ id: c.id, type: 'chunk', text: c.text, headingPath: c.headingPath, lang: r.doc.language });
      ownerOf.set(c.id, r.doc.id);
      docsOf.set(c.id, [r.doc.id]);
    }
  }
  for (const g of sink.groups.values()) {
    const docs = g.group.docIds.map((id) => sink.documents.get(id)).filter((d): d is DocumentRecord => !!d);
    if (docs.length !== g.group.docIds.length || !inScope(g.group.docIds)) continue;
    const chunkById = new Map(docs.flatMap((d) => d.chunks.map((c) => [c.id, c] as const)));
    for (const cluster of g.group.clusters) {
      sources.push({ id: cluster.id, type: 'cluster', text: clusterText(cluster, chunkById), headingPath: [], lang: docs[0].doc.language });
      ownerOf.set(cluster.id, g.group.id);
      docsOf.set(cluster.id, g.group.docIds);
    }
  }
  return { sources, ownerOf, docsOf };
}
