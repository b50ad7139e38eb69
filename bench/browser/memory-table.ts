/**
 * The large library's memory at each moment the bench measures, as table rows (MB): the tab as
 * found and after a full collection, by scope (the models live in the embed and LLM workers and
 * their threads), and the engine worker by structure, estimated from the structures' own lengths
 * (workers/engine/memory-report.ts), with what the estimate leaves unaccounted.
 */
import type { Cell } from '../core/text-table.ts';
import type { EngineWorkerMemory } from '../../workers/engine/memory-report.ts';
import type { MomentMemory } from './tab-memory.ts';

type Structure = keyof EngineWorkerMemory['structures'];

/** The engine worker's structures in the order they are shown, each with its row's label. */
export const STRUCTURE_LABELS: Record<Structure, string> = {
  vectors: 'vector index (int8 codes in WebAssembly memory, scales)',
  recordVectors: 'float vectors kept in the records',
  texts: 'texts (documents, chunk entries, clusters; slices)',
  bm25Postings: 'BM25 posting lists and words',
  bm25Statistics: 'BM25 statistics and scratch',
  entries: 'entries (objects, ids, origins)',
  chunks: 'chunks (objects, ids, headings)',
  records: 'rest of the records (documents, groups, pre-parse, terms)',
  corpusTables: 'search corpus tables',
  keptBuffers: 'buffers kept beyond their views (the open image as read)',
  imageSaverCache: "image saver's encoded blocks (cache)",
};

const MB = 1e6;

/** The sum of the engine worker's structures, bytes. */
export function accounted(engine: EngineWorkerMemory): number {
  return Object.values(engine.structures).reduce((n, bytes) => n + bytes, 0);
}

/** Rows of `measure, moment 1, moment 2, …` in MB; a moment without a figure shows none. */
export function memoryRows(moments: readonly MomentMemory[]): Cell[][] {
  const mb = (bytes: number | undefined) => (bytes === undefined ? undefined : bytes / MB);
  const scopes = [...new Set(moments.flatMap((m) => [...Object.keys(m.found?.byScope ?? {}), ...Object.keys(m.held?.byScope ?? {})]))].sort(scopeOrder);
  const rows: Cell[][] = [
    ['tab, as found', ...moments.map((m) => mb(m.found?.total))],
    ...scopes.map((scope): Cell[] => [`  ${scope}, as found`, ...moments.map((m) => mb(m.found?.byScope[scope]))]),
    ['tab, after a full collection', ...moments.map((m) => mb(m.held?.total))],
    ...scopes.map((scope): Cell[] => [`  ${scope}, after a collection`, ...moments.map((m) => mb(m.held?.byScope[scope]))]),
  ];
  const structures = Object.keys(STRUCTURE_LABELS) as Structure[];
  rows.push(...structures.map((s): Cell[] => [`engine: ${STRUCTURE_LABELS[s]}`, ...moments.map((m) => mb(m.engine?.structures[s]))]));
  rows.push(['engine: accounted, all structures', ...moments.map((m) => mb(m.engine && accounted(m.engine)))]);
  rows.push([
    'engine worker after a collection, not accounted',
    ...moments.map((m) => {
      const held = m.held?.byScope['engine worker'];
      return m.engine && held !== undefined ? mb(held - accounted(m.engine)) : undefined;
    }),
  ]);
  return rows;
}

/** The page first, then the app's workers, the models' threads, and memory no one context holds last. */
function scopeOrder(a: string, b: string): number {
  const rank = (scope: string) => ['page', 'engine worker', 'embed worker', 'llm worker', 'onnxruntime threads', 'shared'].indexOf(scope);
  const [ra, rb] = [rank(a), rank(b)];
  return (ra < 0 ? 5.5 : ra) - (rb < 0 ? 5.5 : rb) || a.localeCompare(b);
}
