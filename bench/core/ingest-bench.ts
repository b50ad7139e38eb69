/**
 * Ingestion throughput per format on real fixtures (bytes → normalized Doc). The baseline is
 * plain-text ingestion of the very text each file yields, so the ratio is what the format's
 * parser costs on top of normalizing, assembling and hashing the same words.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ingest } from '../../src/core/ingest/index.ts';
import { round } from './stats.ts';

const FORMATS: Record<string, string> = { '.pdf': 'pdf', '.docx': 'docx', '.epub': 'epub', '.html': 'html', '.htm': 'html', '.md': 'md', '.txt': 'txt' };

export interface IngestRow {
  format: string;
  files: number;
  bytes: number;
  /** PDF pages; other formats have none. */
  pages?: number;
  ms: number;
  mbPerS: number;
  pagesPerS?: number;
  /** Plain-text ingestion of the same extracted text. */
  baselineMs: number;
  /** ms / baselineMs. */
  ratio: number;
}

async function fixtureFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await fixtureFiles(full)));
    // licence texts sit beside the fixtures; they are not documents
    else if (FORMATS[path.extname(entry.name).toLowerCase()] && !/^licen[cs]e/iu.test(entry.name)) out.push(full);
  }
  return out;
}

/**
 * Fastest of `runs` timings of each, the two alternating: the fastest is the least disturbed by
 * other work on the machine, and alternating gives both the same chances.
 */
async function fastestPair(runs: number, a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  const best: [number, number] = [Infinity, Infinity];
  for (let i = 0; i < runs; i++) {
    for (const [j, work] of [a, b].entries()) {
      const t0 = performance.now();
      await work();
      best[j] = Math.min(best[j], performance.now() - t0);
    }
  }
  return best;
}

export async function benchIngest(dir: string, runs: number, log: (line: string) => void = () => {}): Promise<IngestRow[]> {
  const byFormat = new Map<string, { files: number; bytes: number; pages: number; ms: number; baselineMs: number }>();
  const encoder = new TextEncoder();
  for (const file of await fixtureFiles(dir)) {
    const format = FORMATS[path.extname(file).toLowerCase()];
    const name = path.basename(file);
    const bytes = new Uint8Array(await readFile(file));
    const doc = await ingest(name, bytes);
    const text = encoder.encode(doc.text);
    const [ms, baselineMs] = await fastestPair(
      runs,
      () => ingest(name, bytes),
      () => ingest(`${name}.txt`, text),
    );
    log(`ingest ${format} ${name}: ${(bytes.length / 1024).toFixed(0)} KB${doc.pageCount ? `, ${doc.pageCount} pages` : ''} in ${ms.toFixed(1)} ms`);
    const slot = byFormat.get(format) ?? { files: 0, bytes: 0, pages: 0, ms: 0, baselineMs: 0 };
    slot.files++;
    slot.bytes += bytes.length;
    slot.pages += doc.pageCount ?? 0;
    slot.ms += ms;
    slot.baselineMs += baselineMs;
    byFormat.set(format, slot);
  }
  return [...byFormat].map(([format, s]) => ({
    format,
    files: s.files,
    bytes: s.bytes,
    ...(s.pages > 0 ? { pages: s.pages, pagesPerS: round(s.pages / (s.ms / 1000), 2) } : {}),
    ms: round(s.ms, 1),
    mbPerS: round(s.bytes / 1e6 / (s.ms / 1000), 3),
    baselineMs: round(s.baselineMs, 1),
    ratio: round(s.ms / s.baselineMs, 2),
  }));
}
