/**
 * Where the suite's time goes. A vitest reporter (registered in vitest.config.ts) that writes
 * test-results/test-times.json at the end of every run: each test file's wall time, sorted, with the
 * phases the browser support code timed inside it (Chromium start-up, app start with its model
 * loads, waits for indexing, waits for the idle work) and the run's own totals (the production
 * build, wall time, the CPU time of the vitest process and the children it reaped).
 *
 * Run as a script it prints the table of a saved file: `npx tsx scripts/test-times.ts [file.json]`,
 * or compares two: `npx tsx scripts/test-times.ts before.json after.json`.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Reporter, TestModule } from 'vitest/node';
import { sampleCpuByProcess, statField, TICKS_PER_SECOND, type CpuByProcess } from './cpu-by-process.ts';

/** Where the run's times go; LOCI_TEST_TIMES names another file (a run kept apart from the next ones). */
export const TIMES_FILE = path.resolve(process.env.LOCI_TEST_TIMES ?? 'test-results/test-times.json');
/**
 * Where the test processes append the phases they time, one JSON line each (see recordPhase): a
 * file of this run's own, named in LOCI_TEST_PHASES by the reporter, so that two vitest runs at
 * once (another session's, say) do not mix their phases.
 */
const PHASES_DEFAULT = path.resolve('test-results/test-phases.jsonl');
const phasesFile = () => process.env.LOCI_TEST_PHASES ?? PHASES_DEFAULT;

export interface PhaseLine {
  /** The test file's path, or "(global setup)". */
  file: string;
  phase: string;
  ms: number;
}

/**
 * Appends one timed phase; called from the test processes and the global setup. A line is one
 * small write, so two processes appending at once do not interleave inside a line.
 */
export function recordPhase(file: string, phase: string, ms: number): void {
  const target = phasesFile();
  mkdirSync(path.dirname(target), { recursive: true });
  appendFileSync(target, `${JSON.stringify({ file, phase, ms: Math.round(ms) } satisfies PhaseLine)}\n`);
}

/** Times `work` as `phase` of `file`, also when it throws. */
export async function timed<T>(file: string, phase: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    recordPhase(file, phase, performance.now() - started);
  }
}

export interface FileTimes {
  file: string;
  project: string;
  /** The file's own time: environment, import, hooks and tests (ms). */
  wallMs: number;
  /** Importing the file and what it imports (ms). */
  collectMs: number;
  /** All its tests and hooks (ms). */
  testsMs: number;
  tests: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Summed phases timed inside the file (ms by phase name). */
  phases: Record<string, number>;
  /** When the file started and ended, in ms from the run's start: which files ran beside which, and the run's tail. */
  startMs?: number;
  endMs?: number;
}

export interface TimesReport {
  startedAt: string;
  wallMs: number;
  /** CPU of the vitest process and of the children it has reaped (ms); Chromium is a child of the workers. */
  cpu: { userMs: number; systemMs: number; childrenUserMs: number; childrenSystemMs: number };
  /** 1-, 5- and 15-minute load averages at the start and at the end of the run. */
  load: { start: number[]; end: number[] };
  cores: number;
  files: number;
  tests: number;
  /** Phases outside any file (the production build, the preview server), ms. */
  global: Record<string, number>;
  /** The run's CPU, each of its processes read from /proc, Chromium's renderers included (seconds). */
  cpuByProcess?: CpuByProcess;
  /** Each phase summed over all files, ms. */
  phaseTotals: Record<string, number>;
  byFile: FileTimes[];
}

/** utime/stime/cutime/cstime of this process, from /proc (ms); zeros where /proc is missing. */
function procTimes(): { user: number; system: number; childrenUser: number; childrenSystem: number } {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const at = (n: number) => (statField(stat, n) * 1000) / TICKS_PER_SECOND;
    return { user: at(14), system: at(15), childrenUser: at(16), childrenSystem: at(17) };
  } catch {
    return { user: 0, system: 0, childrenUser: 0, childrenSystem: 0 };
  }
}

async function loadAverage(): Promise<number[]> {
  const os = await import('node:os');
  return os.loadavg().map((n) => Math.round(n * 100) / 100);
}

export default class TestTimesReporter implements Reporter {
  private started = 0;
  private startedAt = '';
  private loadStart: number[] = [];
  private cpuStart = procTimes();
  private cpuSampler?: { stop(): CpuByProcess };
  /** Each file's start and end, ms from the run's start, by module id. */
  private spans = new Map<string, { startMs?: number; endMs?: number }>();

  async onInit(): Promise<void> {
    this.started = Date.now();
    this.startedAt = new Date().toISOString();
    this.cpuStart = procTimes();
    this.cpuSampler = sampleCpuByProcess();
    this.loadStart = await loadAverage();
    // the phases of this run only, in a file of its own; the global setup (in this process) and the
    // test processes (started after this) inherit the variable
    process.env.LOCI_TEST_PHASES = path.resolve(`test-results/test-phases-${process.pid}.jsonl`);
    rmSync(phasesFile(), { force: true });
  }

  onTestModuleStart(module: TestModule): void {
    this.spans.set(module.moduleId, { startMs: Date.now() - this.started });
  }

  onTestModuleEnd(module: TestModule): void {
    this.spans.set(module.moduleId, { ...this.spans.get(module.moduleId), endMs: Date.now() - this.started });
  }

  async onTestRunEnd(modules: ReadonlyArray<TestModule>): Promise<void> {
    const wallMs = Date.now() - this.started;
    const cpuEnd = procTimes();
    const cpuByProcess = this.cpuSampler?.stop();
    const phases = readPhases();
    rmSync(phasesFile(), { force: true });
    const root = process.cwd();
    const byFile: FileTimes[] = modules.map((module) => {
      const diagnostic = module.diagnostic();
      const file = path.relative(root, module.moduleId);
      const counted = [...module.children.allTests()];
      const state = (s: string) => counted.filter((t) => t.result().state === s).length;
      const fromDiagnostic =
        diagnostic.environmentSetupDuration + diagnostic.prepareDuration + diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration;
      return {
        file,
        project: module.project.name,
        // the file's own work: environment, import, hooks and tests (not its wait for a free worker)
        wallMs: Math.round(fromDiagnostic),
        collectMs: Math.round(diagnostic.collectDuration),
        testsMs: Math.round(diagnostic.duration),
        tests: counted.length,
        passed: state('passed'),
        failed: state('failed'),
        skipped: state('skipped'),
        phases: sumPhases(phases.filter((p) => p.file === module.moduleId || p.file === file)),
        ...this.spans.get(module.moduleId),
      };
    });
    byFile.sort((a, b) => b.wallMs - a.wallMs);
    const report: TimesReport = {
      startedAt: this.startedAt,
      wallMs,
      cpu: {
        userMs: cpuEnd.user - this.cpuStart.user,
        systemMs: cpuEnd.system - this.cpuStart.system,
        childrenUserMs: cpuEnd.childrenUser - this.cpuStart.childrenUser,
        childrenSystemMs: cpuEnd.childrenSystem - this.cpuStart.childrenSystem,
      },
      load: { start: this.loadStart, end: await loadAverage() },
      cores: (await import('node:os')).availableParallelism(),
      files: byFile.length,
      tests: byFile.reduce((n, f) => n + f.tests, 0),
      global: sumPhases(phases.filter((p) => p.file === '(global setup)')),
      phaseTotals: sumPhases(phases.filter((p) => p.file !== '(global setup)')),
      ...(cpuByProcess ? { cpuByProcess } : {}),
      byFile,
    };
    mkdirSync(path.dirname(TIMES_FILE), { recursive: true });
    writeFileSync(TIMES_FILE, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\n${formatTable(report, 15)}\n(all files: ${path.relative(root, TIMES_FILE)})`);
  }
}

function readPhases(): PhaseLine[] {
  if (!existsSync(phasesFile())) return [];
  return readFileSync(phasesFile(), 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as PhaseLine];
      } catch {
        return [];
      }
    });
}

function sumPhases(lines: PhaseLine[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of lines) out[line.phase] = (out[line.phase] ?? 0) + line.ms;
  return out;
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function formatTable(report: TimesReport, top = Infinity): string {
  const cpu = report.cpu.userMs + report.cpu.systemMs + report.cpu.childrenUserMs + report.cpu.childrenSystemMs;
  const lines = [
    `test times: ${report.files} files, ${report.tests} tests, wall ${s(report.wallMs)}, CPU ${s(cpu)} (reaped processes only), ` +
      `load ${report.load.start.join('/')} → ${report.load.end.join('/')} on ${report.cores} cores`,
  ];
  const global = Object.entries(report.global).map(([k, v]) => `${k} ${s(v)}`);
  if (global.length) lines.push(`outside the files: ${global.join(', ')}`);
  const totals = Object.entries(report.phaseTotals).map(([k, v]) => `${k} ${s(v)}`);
  if (totals.length) lines.push(`inside the files: ${totals.join(', ')}`);
  const seconds = (table: Record<string, number>, n: number) => Object.entries(table).slice(0, n).map(([k, v]) => `${k} ${v.toFixed(0)} s`).join(', ');
  if (report.cpuByProcess) {
    const all = Object.values(report.cpuByProcess.byKind).reduce((a, b) => a + b, 0);
    lines.push(`the run's CPU: ${all.toFixed(0)} s (${((100 * all) / (report.cores * report.wallMs / 1000)).toFixed(0)} % of ${report.cores} cores): ${seconds(report.cpuByProcess.byKind, 8)}`);
    lines.push(`Chromium's threads: ${seconds(report.cpuByProcess.chromiumThreads, 6)}`);
  }
  const shown = report.byFile.slice(0, top);
  const width = Math.max(...shown.map((f) => f.file.length), 4);
  lines.push(`${'file'.padEnd(width)}  ${'wall'.padStart(8)}  ${'tests'.padStart(5)}  phases`);
  for (const f of shown) {
    const phases = Object.entries(f.phases)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${s(v)}`)
      .join(', ');
    lines.push(`${f.file.padEnd(width)}  ${s(f.wallMs).padStart(8)}  ${String(f.tests).padStart(5)}  ${phases}`);
  }
  if (report.byFile.length > shown.length) lines.push(`… and ${report.byFile.length - shown.length} more`);
  return lines.join('\n');
}

/** before → after, file by file, for the files in both (and the totals). */
export function formatComparison(before: TimesReport, after: TimesReport): string {
  const after_ = new Map(after.byFile.map((f) => [f.file, f]));
  const rows = before.byFile
    .map((b) => ({ b, a: after_.get(b.file) }))
    .sort((x, y) => y.b.wallMs - x.b.wallMs)
    .map(({ b, a }) => `${b.file.padEnd(50)} ${s(b.wallMs).padStart(9)} → ${a ? s(a.wallMs).padStart(9) : '     gone'}`);
  const added = after.byFile.filter((f) => !before.byFile.some((b) => b.file === f.file)).map((f) => `${f.file.padEnd(50)} ${'new'.padStart(9)} → ${s(f.wallMs).padStart(9)}`);
  return [
    `wall ${s(before.wallMs)} → ${s(after.wallMs)}; files ${before.files} → ${after.files}; tests ${before.tests} → ${after.tests}`,
    ...rows,
    ...added,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [first, second] = process.argv.slice(2);
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as TimesReport;
  console.log(second ? formatComparison(read(first), read(second)) : formatTable(read(first ?? TIMES_FILE)));
}
