/**
 * `loci index` of the PDF with the e5 stand-in, as a person runs it: a process of its own, timed
 * from start to exit, with an empty embedding cache (a warm one would skip the embedding).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { E5 } from './stand-ins.ts';

export interface CliIndex {
  seconds: number;
  command: string;
}

export async function timeCliIndex(pdf: string, standIns: string, log: (line: string) => void): Promise<CliIndex> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'loci-bench-models-'));
  try {
    const args = ['bin/loci.js', 'index', pdf, '--out', path.join(work, 'index.loci'), '--models', standIns, '--embedder', E5, '--preparse', 'extractive', '--quiet'];
    const t0 = performance.now();
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, LOCI_CACHE_DIR: path.join(work, 'cache') } });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`loci index exited with ${code}`))));
    });
    const seconds = (performance.now() - t0) / 1000;
    log(`cli: loci index in ${seconds.toFixed(1)} s`);
    return { seconds, command: `node ${args.join(' ')}` };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
