/**
 * Where a test run's CPU goes, by kind of process and, in Chromium, by thread: the CPU time of every
 * process of the run (the one that started vitest, `npm test`'s script, and all they started) and of
 * each of its threads, read from /proc every two seconds while the run lasts, and summed by kind at
 * its end. Another session's work on a shared machine is not the run's, so it is left out. The reporter's own counters (getrusage) miss Chromium's renderers, which no process of the
 * run waits for; this does not. A thread that ends between two readings loses up to two seconds.
 * docs/decisions/2026-12-02-test-suite-time.md reads it: V8 compiling WebAssembly at its top tier
 * was the largest share of the renderers' time.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds by kind of process ("chromium renderer", "node loci cli", …) and by Chromium thread ("renderer / DedicatedWorker"). */
export interface CpuByProcess {
  byKind: Record<string, number>;
  chromiumThreads: Record<string, number>;
}

/** The kind given to processes that are not the run's: never read again. */
const OTHERS = '(not the run)';

/** USER_HZ on Linux: the unit of /proc's CPU times. */
export const TICKS_PER_SECOND = 100;

/**
 * Field `n` of a /proc stat line (1-based, as proc(5) numbers them: 14 utime, 15 stime, 16 cutime,
 * 17 cstime), counted after the command name, which is in parentheses and may hold spaces.
 */
export function statField(stat: string, n: number): number {
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[n - 3]);
}

/** The kind of a process, from its command line. */
export function processKind(command: string): string {
  if (/\bchromium\b/.test(command)) {
    const type = command.match(/--type=([\w-]+)/)?.[1];
    if (!type) return 'chromium browser';
    if (type === 'utility') return `chromium utility ${command.match(/--utility-sub-type=([\w.]+)/)?.[1] ?? ''}`.trim();
    return `chromium ${type === 'gpu-process' ? 'gpu' : type}`;
  }
  if (/\bnode\b/.test(command)) {
    if (/bin\/loci\.js/.test(command)) return 'node loci cli';
    if (/vitest/.test(command)) return /forks|workers/.test(command) ? 'node vitest worker' : 'node vitest';
    if (/\btsc\b|svelte-check/.test(command)) return 'node typecheck';
    if (/depcruise|eslint/.test(command)) return 'node lint';
    return 'node other';
  }
  return 'other';
}

/** A thread's name without its number ("ThreadPoolForegroundWorker" for "ThreadPoolForeg…2"). */
function threadName(stat: string): string {
  return stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '');
}

/** utime + stime of a /proc stat line, in ticks. */
function ticks(stat: string): number {
  return statField(stat, 14) + statField(stat, 15);
}

function readOr(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Whether `pid` is `root` or was started, through any number of processes, by it (read once, while its parents live). */
function descendsFrom(pid: string, root: number): boolean {
  for (let at = Number(pid), hops = 0; at > 1 && hops < 64; hops++) {
    if (at === root) return true;
    const stat = readOr(`/proc/${at}/stat`);
    if (!stat) return false;
    at = statField(stat, 4);
  }
  return false;
}

/**
 * Starts sampling the processes `root` started (the parent of vitest's own process by default:
 * `npm test`'s script, or npx); `stop()` ends it and returns the CPU they spent since the start.
 * Empty where /proc is missing.
 */
export function sampleCpuByProcess(intervalMs = 2000, root = process.ppid): { stop(): CpuByProcess } {
  const kinds = new Map<string, string>();
  const first = new Map<string, number>();
  const last = new Map<string, { kind: string; thread: string; ticks: number }>();
  const sample = (atStart: boolean) => {
    let pids: string[];
    try {
      pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    } catch {
      return;
    }
    for (const pid of pids) {
      let kind = kinds.get(pid);
      if (kind === undefined) {
        const command = readOr(`/proc/${pid}/cmdline`);
        if (command === undefined) continue;
        kind = descendsFrom(pid, root) ? processKind(command.replace(/\0/g, ' ')) : OTHERS;
        kinds.set(pid, kind);
      }
      if (kind === OTHERS) continue;
      let tids: string[];
      try {
        tids = readdirSync(`/proc/${pid}/task`);
      } catch {
        continue;
      }
      for (const tid of tids) {
        const stat = readOr(`/proc/${pid}/task/${tid}/stat`);
        if (!stat) continue;
        const key = `${pid}/${tid}`;
        const now = ticks(stat);
        // what a process already there had spent before the run is not the run's
        if (atStart) first.set(key, now);
        last.set(key, { kind, thread: threadName(stat), ticks: now });
      }
    }
  };
  sample(true);
  const timer = setInterval(() => sample(false), intervalMs);
  timer.unref();
  return {
    stop(): CpuByProcess {
      clearInterval(timer);
      sample(false);
      const byKind: Record<string, number> = {};
      const chromiumThreads: Record<string, number> = {};
      for (const [key, { kind, thread, ticks: spent }] of last) {
        const seconds = (spent - (first.get(key) ?? 0)) / TICKS_PER_SECOND;
        if (seconds <= 0) continue;
        byKind[kind] = (byKind[kind] ?? 0) + seconds;
        if (kind.startsWith('chromium')) {
          const name = `${kind.replace(/^chromium /, '')} / ${thread}`;
          chromiumThreads[name] = (chromiumThreads[name] ?? 0) + seconds;
        }
      }
      return { byKind: sortedRounded(byKind), chromiumThreads: sortedRounded(chromiumThreads) };
    },
  };
}

/** Largest first, to a tenth of a second. */
function sortedRounded(seconds: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(seconds)
      .sort((a, b) => b[1] - a[1])
      .map(([name, s]) => [name, Math.round(s * 10) / 10]),
  );
}
