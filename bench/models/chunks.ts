/**
 * The texts the throughput is measured on: the 10-K's own chunks, cut by the production chunker at
 * 100 of the stand-in's tokens (the app's chunk size), so Node and the browser embed the same
 * strings that indexing the PDF embeds.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chunkDocument, DEFAULT_CHUNKING } from '../../src/core/chunk/index.ts';
import { ingest } from '../../src/core/ingest/index.ts';
import { chunkEntry } from '../../src/core/pipeline/base-entries.ts';
import type { Embedder } from '../../src/core/ports.ts';

export async function pdfChunks(pdf: string, embedder: Embedder, count: number): Promise<string[]> {
  const doc = await ingest(path.basename(pdf), new Uint8Array(await readFile(pdf)));
  const chunks = await chunkDocument(doc, (t) => embedder.countTokens(t), DEFAULT_CHUNKING);
  // the fullest chunks: the table of contents' short ones would flatter every runtime alike
  const texts = chunks.map((c) => chunkEntry(c).text);
  const sized = await embedder.countTokens(texts);
  return texts
    .map((text, i) => ({ text, tokens: sized[i] }))
    .filter((c) => c.tokens >= 0.8 * DEFAULT_CHUNKING.chunkTokens)
    .slice(0, count)
    .map((c) => c.text);
}
