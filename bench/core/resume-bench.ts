/**
 * What a killed `loci index` run keeps (issue 10): the same files indexed once uninterrupted, then
 * again from nothing and killed with SIGKILL (no handler runs: power cut, OOM killer) at given
 * fractions of the uninterrupted run, then run once more to completion. The rerun's time over the
 * uninterrupted run's is what a kill costs: with every finished stage durable it approaches the
 * fraction of the work left. Also in the same run: a rerun over a complete index (nothing to do),
 * the floor of any rerun (start-up, models, reading the index). Runs the real CLI in child
 * processes, so each run pays its own start-up as a person's would.
 *
 * A kill lands at the same point of the work, not of the clock: where the uninterrupted run was at
 * that fraction of its time, counted from the last stage it had begun. This machine's speed varies
 * by a fifth between runs minutes apart (the same four filings in 33–48 s), so a kill timed by the
 * clock alone landed anywhere from 60 to 90 % of the way (at "75 %", once in the pre-parse that the
 * uninterrupted run had begun at 62 %), and the rerun measured the machine as much as the kill.
 *
 * For the same reason each rerun is divided by the uninterrupted runs on either side of it, not
 * by one run at the start: in one bench the three killed runs reached the same point of the work
 * 22.1, 25.3 and 28.7 s after their start as the machine slowed, and their reruns, 10.7, 12.2 and
 * 13.0 s, read 0.33, 0.38 and 0.40 of an uninterrupted run timed minutes before any of them.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeIndex } from '../../src/core/stored-index/binary-format.ts';
import type { Stage } from '../../src/core/types.ts';
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
  /** Where the kill was placed: this long after the run printed this line, as the uninterrupted run did. */
  killPoint: KillPoint;
  /** The last progress line the killed run printed: the work under way when it died. */
  underWay: string;
  /** Documents in the file the kill left, by stage. */
  durable: Partial<Record<Stage, number>>;
  rerunMs: number;
  /** The mean of the uninterrupted runs just before the kill and just after the rerun. */
  baselineMs: number;
  /** rerunMs over baselineMs. */
  ratio: number;
  /** The rerun ended with exactly the bytes of the uninterrupted run's index. */
  sameBytes: boolean;
}

export interface ResumeResult {
  files: string[];
  /** Every uninterrupted run, in order: one before the first kill and one after each rerun. */
  freshMs: number[];
  /** A rerun over the complete index: start-up and reading, no indexing. */
  nothingToDoMs: number;
  rows: ResumeRow[];
}

interface Run {
  code: number | null;
  ms: number;
  lastLine: string;
  /** Every progress line, with when it came (ms after the start). */
  lines: { ms: number; text: string }[];
}

/** Kill `afterMs` after the `occurrence`-th (1-based) line reading `marker`; an empty marker is the start. */
export interface KillPoint {
  marker: string;
  occurrence: number;
  afterMs: number;
}

/** Runs `loci index`; with a kill point, sends SIGKILL there. */
function run(out: string, options: ResumeOptions, kill?: KillPoint): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [LOCI, 'index', ...options.files, ...options.args, '--out', out], { stdio: ['ignore', 'ignore', 'pipe'] });
    const lines: Run['lines'] = [];
    let partial = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    let seen = 0;
    const arm = (ms: number) => (timer ??= setTimeout(() => child.kill('SIGKILL'), Math.max(0, ms)));
    if (kill && kill.marker === '') arm(kill.afterMs);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (data: string) => {
      const parts = (partial + data).split('\n');
      partial = parts.pop() ?? '';
      for (const text of parts.map((l) => l.trim()).filter((l) => l !== '')) {
        lines.push({ ms: performance.now() - started, text });
        if (kill && text === kill.marker && ++seen === kill.occurrence) arm(kill.afterMs);
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (partial.trim() !== '') lines.push({ ms: performance.now() - started, text: partial.trim() });
      resolve({ code, ms: performance.now() - started, lastLine: lines[lines.length - 1]?.text ?? '', lines });
    });
  });
}

/**
 * Where the uninterrupted run was at `atMs`: the last line before it that began a stage, and how
 * long after it. Only such lines mark the same point in every run: progress within a stage is
 * printed at most every two seconds off a terminal, so which of those lines appear depends on
 * timing.
 */
export function killPointAt(lines: readonly { ms: number; text: string }[], atMs: number): KillPoint {
  const stageOf = (text: string) => text.split(' ')[0];
  let point: KillPoint = { marker: '', occurrence: 1, afterMs: atMs };
  const counts = new Map<string, number>();
  lines.forEach((line, i) => {
    const count = (counts.get(line.text) ?? 0) + 1;
    counts.set(line.text, count);
    const beginsStage = i === 0 || stageOf(lines[i - 1].text) !== stageOf(line.text);
    if (beginsStage && line.ms <= atMs) point = { marker: line.text, occurrence: count, afterMs: atMs - line.ms };
  });
  return point;
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
    const uninterrupted = async (i: number) => {
      const file = path.join(dir, `fresh-${i}.loci`);
      const result = mustSucceed('uninterrupted run', await run(file, options));
      log(`resume: uninterrupted run ${(result.ms / 1000).toFixed(1)} s`);
      return { file, result };
    };
    let before = await uninterrupted(0);
    const freshBytes = await readFile(before.file);
    const freshMs = [before.result.ms];
    const nothingToDo = mustSucceed('rerun over a complete index', await run(before.file, options));
    const rows: ResumeRow[] = [];
    for (const [i, fraction] of options.fractions.entries()) {
      // one file per kill, so a fraction asked twice starts from nothing again
      const file = path.join(dir, `killed-${i}-${fraction}.loci`);
      const killPoint = killPointAt(before.result.lines, fraction * before.result.ms);
      const killed = await run(file, options, killPoint);
      const durable = await durableStages(file);
      const rerun = mustSucceed(`rerun after a kill at ${fraction}`, await run(file, options));
      const sameBytes = (await readFile(file)).equals(freshBytes);
      const after = await uninterrupted(i + 1);
      freshMs.push(after.result.ms);
      const baselineMs = (before.result.ms + after.result.ms) / 2;
      rows.push({
        killedAt: fraction,
        killedAfterMs: round(killed.ms, 0),
        killPoint: { ...killPoint, afterMs: round(killPoint.afterMs, 0) },
        underWay: killed.lastLine,
        durable,
        rerunMs: round(rerun.ms, 0),
        baselineMs: round(baselineMs, 0),
        ratio: round(rerun.ms / baselineMs, 3),
        sameBytes,
      });
      log(`resume: killed at ${Math.round(fraction * 100)}% (${killed.lastLine}), rerun ${(rerun.ms / 1000).toFixed(1)} s`);
      before = after;
    }
    return { files: options.files.map((f) => path.basename(f)), freshMs: freshMs.map((ms) => round(ms, 0)), nothingToDoMs: round(nothingToDo.ms, 0), rows };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
