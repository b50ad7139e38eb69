/**
 * What a killed `loci index` run keeps (issue 10): the same files indexed once uninterrupted, then
 * again from nothing and killed with SIGKILL (no handler runs: power cut, OOM killer) at given
 * fractions of the uninterrupted time, then run once more to completion. The rerun's time over the
 * uninterrupted run's is what a kill costs: with every finished stage durable it approaches the
 * fraction of the work left. Also in the same run: a rerun over a complete index (nothing to do),
 * the floor of any rerun (start-up, models, reading the index). Runs the real CLI in child
 * processes, so each run pays its own start-up as a person's would.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeIndex } from '../core/stored-index/binary-format.ts';
import type { Stage } from '../core/types.ts';
import { round } from './stats.ts';

const LOCI = path.resolve(import.meta.dirname, '../../bin/loci.js');

export interface ResumeOptions {
  files: string[];
  /** `loci index` options besides the files and --out (embedder, models, pre-parse…). */
  args: string[];
  /** Kill points as fractions of the uninterrupted run's time. */
  fractions: number[];
  log?: (line: string) => void;
}

export interface ResumeRow {
  /** Fraction of the uninterrupted time at which the run was killed. */
  killedAt: number;
  killedAfterMs: number;
  /** The last progress line the killed run printed: the work under way when it died. */
  underWay: string;
  /** Documents in the file the kill left, by stage. */
  durable: Partial<Record<Stage, number>>;
  rerunMs: number;
  /** rerunMs over the uninterrupted run's time. */
  ratio: number;
  /** The rerun ended with exactly the bytes of the uninterrupted run's index. */
  sameBytes: boolean;
}

export interface ResumeResult {
  files: string[];
  freshMs: number;
  /** A rerun over the complete index: start-up and reading, no indexing. */
  nothingToDoMs: number;
  rows: ResumeRow[];
}

interface Run {
  code: number | null;
  ms: number;
  lastLine: string;
}

/** Runs `loci index`; with `killAfterMs`, sends SIGKILL then. */
function run(out: string, options: ResumeOptions, killAfterMs?: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [LOCI, 'index', ...options.files, ...options.args, '--out', out], { stdio: ['ignore', 'ignore', 'pipe'] });
    let lastLine = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (data: string) => {
      const lines = data.split('\n').filter((l) => l.trim() !== '');
      if (lines.length > 0) lastLine = lines[lines.length - 1];
    });
    const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, ms: performance.now() - started, lastLine });
    });
  });
}

async function durableStages(file: string): Promise<Partial<Record<Stage, number>>> {
  const bytes = await readFile(file).catch(() => undefined);
  if (!bytes) return {};
  const counts: Partial<Record<Stage, number>> = {};
  for (const { job } of (await decodeIndex(new Uint8Array(bytes))).documents) counts[job.stage] = (counts[job.stage] ?? 0) + 1;
  return counts;
}

function mustSucceed(what: string, result: Run): Run {
  if (result.code !== 0) throw new Error(`${what}: loci index exited with ${result.code} (${result.lastLine})`);
  return result;
}

export async function benchResume(options: ResumeOptions): Promise<ResumeResult> {
  const log = options.log ?? (() => {});
  const dir = await mkdtemp(path.join(tmpdir(), 'loci-resume-bench-'));
  try {
    const freshFile = path.join(dir, 'fresh.loci');
    const fresh = mustSucceed('uninterrupted run', await run(freshFile, options));
    log(`resume: uninterrupted run ${(fresh.ms / 1000).toFixed(1)} s`);
    const freshBytes = await readFile(freshFile);
    const nothingToDo = mustSucceed('rerun over a complete index', await run(freshFile, options));
    const rows: ResumeRow[] = [];
    for (const fraction of options.fractions) {
      const file = path.join(dir, `killed-${fraction}.loci`);
      const killed = await run(file, options, fraction * fresh.ms);
      const durable = await durableStages(file);
      const rerun = mustSucceed(`rerun after a kill at ${fraction}`, await run(file, options));
      const sameBytes = (await readFile(file)).equals(freshBytes);
      rows.push({
        killedAt: fraction,
        killedAfterMs: round(killed.ms, 0),
        underWay: killed.lastLine,
        durable,
        rerunMs: round(rerun.ms, 0),
        ratio: round(rerun.ms / fresh.ms, 3),
        sameBytes,
      });
      log(`resume: killed at ${Math.round(fraction * 100)}% (${killed.lastLine}), rerun ${(rerun.ms / 1000).toFixed(1)} s`);
    }
    return { files: options.files.map((f) => path.basename(f)), freshMs: round(fresh.ms, 0), nothingToDoMs: round(nothingToDo.ms, 0), rows };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
