/**
 * Whether indexing a plain text costs time in proportion to its size: the same text (the Chinese
 * laws of the fixtures, repeated with a numbered heading each time so no chunk repeats exactly)
 * indexed whole at growing sizes, every stage of the app's default settings, and each size's MB/s
 * beside the smallest size's in the same run. Issue 10 asked this of a 10 MB text; the sizes are
 * kept small enough for the default benchmark run (`--text-sizes` for more).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { LociEngine } from '../../src/core/engine/engine.ts';
import { DEFAULT_SETTINGS, MemoryIndexStore } from '../../src/core/stored-index/index.ts';
import type { Embedder } from '../../src/core/ports.ts';
import { round } from './stats.ts';

export interface TextScaleRow {
  megabytes: number;
  chunks: number;
  ms: number;
  mbPerS: number;
  /** This size's MB/s over the smallest size's, in the same run: 1 is proportional. */
  ratio: number;
}

export async function benchTextScale(dir: string, megabytes: number[], embedder: Embedder, log: (line: string) => void = () => {}): Promise<TextScaleRow[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.md')).sort();
  const source = (await Promise.all(names.map((n) => readFile(path.join(dir, n), 'utf8')))).join('\n\n');
  const rows: TextScaleRow[] = [];
  for (const size of [...megabytes].sort((a, b) => a - b)) {
    const text = repeatTo(source, size * 1e6);
    const bytes = new TextEncoder().encode(text);
    const engine = await LociEngine.open({ embedder, store: new MemoryIndexStore(), settings: { ...DEFAULT_SETTINGS, preparse: { mode: 'extractive' } } });
    const t0 = performance.now();
    await engine.indexFiles([{ name: `text-${size}MB.md`, bytes }]);
    const ms = performance.now() - t0;
    const chunks = engine.snapshot().documents.reduce((n, d) => n + d.chunks.length, 0);
    const mbPerS = bytes.length / 1e6 / (ms / 1000);
    rows.push({ megabytes: round(bytes.length / 1e6, 2), chunks, ms: round(ms, 0), mbPerS: round(mbPerS, 4), ratio: round(mbPerS / (rows[0]?.mbPerS ?? mbPerS), 2) });
    log(`text ${size} MB: ${chunks} chunks in ${(ms / 1000).toFixed(1)} s`);
  }
  return rows;
}

/** The text repeated under numbered headings until it holds `bytes` bytes of UTF-8. */
function repeatTo(source: string, bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 1; size < bytes; i++) {
    const part = `# Part ${i}\n\n${source}\n\n`;
    parts.push(part);
    size += new TextEncoder().encode(part).length;
  }
  const text = parts.join('');
  // cut back to the size, at a paragraph break
  const encoded = new TextEncoder().encode(text).subarray(0, bytes);
  const cut = new TextDecoder().decode(encoded);
  const end = cut.lastIndexOf('\n\n');
  return end > 0 ? cut.slice(0, end) : cut;
}
