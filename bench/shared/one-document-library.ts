/**
 * What the benches that index one document at a time share (bench:breadth):
 * the shared folder's documents, the embedder named on the command line, and a library of one.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LociEngine } from '../../src/core/engine/engine.ts';
import type { Embedder } from '../../src/core/ports.ts';
import { MemoryIndexStore } from '../../src/core/stored-index/memory-store.ts';
import { loadNodeModels } from '../../src/models/node.ts';

export const SHARED = path.resolve(import.meta.dirname, '../../../shared');
export const DOCS = path.join(SHARED, 'data/documents');

/** `--embedder ID` (the lexical BERT by default), `--models DIR` and `--out FILE`, the embedder loaded. */
export async function benchEmbedder(): Promise<{ embedderId: string; embedder: Embedder; out?: string }> {
  const { values } = parseArgs({ options: { embedder: { type: 'string' }, models: { type: 'string' }, out: { type: 'string' } } });
  const embedderId = values.embedder ?? 'tiny-lexical-bert-zh';
  const { embedder } = await loadNodeModels({ modelsDir: values.models ?? path.join(SHARED, 'models'), embedder: embedderId });
  return { embedderId, embedder, ...(values.out ? { out: values.out } : {}) };
}

/** A fresh in-memory library holding only this file, and how long indexing it took. */
export async function libraryOf(embedder: Embedder, file: string): Promise<{ engine: LociEngine; indexMs: number }> {
  const engine = await LociEngine.open({ embedder, store: new MemoryIndexStore() });
  const started = performance.now();
  await engine.indexFiles([{ name: path.basename(file), bytes: new Uint8Array(await readFile(file)) }]);
  return { engine, indexMs: Math.round(performance.now() - started) };
}
