/**
 * What CAP-RAG's indexing stages cost on real documents, against naive indexing (parse + chunk +
 * embed, nothing else) of the same files in the same run: clustering (UMAP + BIC-chosen GMM, per
 * document as the app does it), extractive pre-parsing (entries and their embeddings) and the
 * RAPTOR tree with extractive summaries.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { LociEngine } from '../../src/core/engine/engine.ts';
import { DEFAULT_SETTINGS, MemoryIndexStore, type ManifestSettings } from '../../src/core/stored-index/index.ts';
import type { Embedder } from '../../src/core/ports.ts';
import { lastClusteringStage, lastIndexingStage, StageClock } from './stage-clock.ts';
import { round } from './stats.ts';

export interface StageRow {
  stage: string;
  ms: number;
  /** ms / naive indexing time of the same files. */
  ratio: number;
  /** Entries the stage added. */
  entries: number;
}

export interface StagesResult {
  files: string[];
  chunks: number;
  naiveMs: number;
  rows: StageRow[];
}

const NAIVE: ManifestSettings = {
  ...DEFAULT_SETTINGS,
  clustering: { ...DEFAULT_SETTINGS.clustering, minChunks: Number.MAX_SAFE_INTEGER },
  preparse: { mode: 'off' },
  raptor: false,
};

const CAP_RAG: ManifestSettings = { ...DEFAULT_SETTINGS, preparse: { mode: 'extractive' }, raptor: true };

async function readFolder(dir: string): Promise<{ name: string; bytes: Uint8Array }[]> {
  const names = (await readdir(dir)).filter((n) => !n.startsWith('.') && !/^licen[cs]e/iu.test(n)).sort();
  return Promise.all(names.map(async (name) => ({ name, bytes: new Uint8Array(await readFile(path.join(dir, name))) })));
}

function entryCount(engine: LociEngine, kinds: (k: string) => boolean): number {
  const snap = engine.snapshot();
  const all = [...snap.documents.flatMap((d) => d.entries), ...snap.groups.flatMap((g) => g.entries)];
  return all.filter((e) => kinds(e.kind)).length;
}

export async function benchStages(dir: string, embedder: Embedder, log: (line: string) => void = () => {}): Promise<StagesResult> {
  const files = await readFolder(dir);

  const indexNaive = async () => {
    const t0 = performance.now();
    const naive = await LociEngine.open({ embedder, store: new MemoryIndexStore(), settings: NAIVE });
    await naive.indexFiles(files);
    return performance.now() - t0;
  };
  const before = await indexNaive();

  const clock = new StageClock();
  const full = await LociEngine.open({ embedder, store: new MemoryIndexStore(), settings: CAP_RAG });
  await full.indexFiles(files, { onProgress: clock.listener() });
  clock.charge(lastIndexingStage(CAP_RAG));
  // clusters are made when something reads them; this bench reads them all at once
  await full.makeClusters({ onProgress: clock.listener() });
  clock.charge(lastClusteringStage(CAP_RAG));
  // naive indexing before and after, the faster kept: the least disturbed by other work
  const naiveMs = Math.min(before, await indexNaive());
  log(`stages naive indexing of ${files.length} files: ${naiveMs.toFixed(0)} ms`);
  const ms = clock.ms;
  const parseEmbed = (ms.parse ?? 0) + (ms.embed ?? 0);
  const rows: StageRow[] = [
    { stage: 'parse + chunk + embed (this run)', ms: parseEmbed, entries: entryCount(full, (k) => k === 'chunk') },
    { stage: 'cluster (+ cluster entries)', ms: ms.cluster ?? 0, entries: entryCount(full, (k) => k === 'cluster') },
    { stage: 'raptor tree (extractive)', ms: ms.raptor ?? 0, entries: entryCount(full, (k) => k === 'raptor') },
    { stage: 'pre-parse (extractive)', ms: ms.preparse ?? 0, entries: entryCount(full, (k) => k === 'query' || k === 'summary' || k === 'context') },
  ].map((r) => ({ ...r, ms: round(r.ms, 1), ratio: round(r.ms / naiveMs, 2) }));
  for (const r of rows) log(`stages ${r.stage}: ${r.ms.toFixed(0)} ms (${r.ratio}× naive)`);
  return { files: files.map((f) => f.name), chunks: rows[0].entries, naiveMs: round(naiveMs, 1), rows };
}
