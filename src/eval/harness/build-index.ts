/**
 * Indexes a dataset once for every requested strategy: one pooled index (corpus-scope clusters)
 * for pooled datasets, one index per document group otherwise (QuALITY: one per article, each
 * question asked of its own article only, as in the paper).
 */
import { LociEngine } from '../../core/engine/engine.ts';
import { MemoryIndexStore, type ManifestSettings } from '../../core/stored-index/index.ts';
import type { Embedder, Generator, ProgressListener, Reranker } from '../../core/ports.ts';
import type { EntryKind } from '../../core/types.ts';
import type { EvalDataset, EvalDocument } from '../datasets/types.ts';
import { corpusFiles } from './corpus-files.ts';
import { lastClusteringStage, lastIndexingStage, StageClock } from '../../../bench/core/stage-clock.ts';

export interface EvalModels {
  embedder: Embedder;
  generator?: Generator;
  reranker?: Reranker;
}

/** One searchable index and the dataset documents behind its engine document ids. */
export interface EvalIndex {
  /** The document group it serves; undefined for a pooled corpus. */
  group: string | undefined;
  engine: LociEngine;
  docs: Map<string, EvalDocument>;
}

export interface IndexStats {
  indexes: number;
  documents: number;
  failedFiles: { name: string; error: string }[];
  chunks: number;
  clusters: number;
  raptorNodes: number;
  entries: Partial<Record<EntryKind, number>>;
  preparse: { done: number; failed: number };
  bytes: number;
  /** Wall time per stage (parse, embed, preparse, then cluster and raptor when made) and in total. */
  ms: Record<string, number>;
}

export interface BuildIndexOptions {
  settings: ManifestSettings;
  models: EvalModels;
  /**
   * Make every index's clusters once indexed (a strategy that reads them runs): timed apart, as the
   * `cluster` stage, where the engine would otherwise make them at the first such question.
   */
  clusters?: boolean;
  /** Only these groups (QuALITY with --limit needs only the articles of the questions asked). */
  groups?: ReadonlySet<string>;
  onProgress?: ProgressListener;
  signal?: AbortSignal;
}

export async function buildIndexes(dataset: EvalDataset, options: BuildIndexOptions): Promise<{ indexes: EvalIndex[]; stats: IndexStats }> {
  const batches = new Map<string | undefined, EvalDocument[]>();
  for (const doc of dataset.documents) {
    const group = dataset.pooled ? undefined : (doc.group ?? doc.id);
    if (group !== undefined && options.groups && !options.groups.has(group)) continue;
    const list = batches.get(group) ?? [];
    list.push(doc);
    batches.set(group, list);
  }

  const clock = new StageClock();
  const started = performance.now();
  const stats: IndexStats = {
    indexes: 0,
    documents: 0,
    failedFiles: [],
    chunks: 0,
    clusters: 0,
    raptorNodes: 0,
    entries: {},
    preparse: { done: 0, failed: 0 },
    bytes: 0,
    ms: clock.ms,
  };
  const indexes: EvalIndex[] = [];
  for (const [group, docs] of batches) {
    const files = await corpusFiles(docs);
    clock.charge('read');
    const engine = await LociEngine.open({ ...options.models, store: new MemoryIndexStore(), settings: options.settings });
    const result = await engine.indexFiles(
      files.map(({ name, bytes }) => ({ name, bytes })),
      {
        signal: options.signal,
        onProgress: clock.listener(options.onProgress),
        // a file that cannot be read is reported and counted; its gold evidence stays unreachable
        onFileError: (name, error) => stats.failedFiles.push({ name, error: error.message }),
      },
    );
    clock.charge(lastIndexingStage(options.settings));
    if (options.clusters) {
      await engine.makeClusters({ signal: options.signal, onProgress: clock.listener(options.onProgress) });
      clock.charge(lastClusteringStage(options.settings));
    }
    const byName = new Map(files.map((f) => [f.name, f.doc]));
    const map = new Map<string, EvalDocument>();
    for (const record of engine.documents) {
      const doc = byName.get(record.doc.name);
      if (doc) map.set(record.doc.id, doc);
    }
    indexes.push({ group, engine, docs: map });
    addStats(stats, engine, files, result.preparse);
  }
  stats.ms.total = performance.now() - started;
  return { indexes, stats };
}

function addStats(
  stats: IndexStats,
  engine: LociEngine,
  files: { bytes: Uint8Array }[],
  preparse: { done: number; failed: number },
): void {
  const snapshot = engine.snapshot();
  stats.indexes++;
  stats.documents += snapshot.documents.length;
  stats.bytes += files.reduce((s, f) => s + f.bytes.length, 0);
  for (const d of snapshot.documents) {
    stats.chunks += d.chunks.length;
    for (const e of d.entries) stats.entries[e.kind] = (stats.entries[e.kind] ?? 0) + 1;
  }
  for (const g of snapshot.groups) {
    stats.clusters += g.group.clusters.length;
    stats.raptorNodes += g.group.raptor.length;
    for (const e of g.entries) stats.entries[e.kind] = (stats.entries[e.kind] ?? 0) + 1;
  }
  stats.preparse.done += preparse.done;
  stats.preparse.failed += preparse.failed;
}
