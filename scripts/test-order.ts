/**
 * The order the test files start in: the longest first, Node and browser files mixed, so that the
 * run's three workers stay busy to its end instead of one long browser file starting last and
 * running alone (longest-processing-time-first scheduling). vitest's own order runs each project's
 * files together and, on a fresh clone without its cache, the largest files first.
 *
 * How long each file takes is read from test/file-times.json, committed and refreshed from a full
 * run with `npx tsx scripts/test-order.ts` (which reads test-results/test-times.json, written by the
 * reporter in scripts/test-times.ts). A file the table does not know yet starts as if it took the
 * table's median. Record: docs/decisions/2026-12-02-test-suite-time.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { TIMES_FILE, type TimesReport } from './test-times.ts';

export const ORDER_FILE = path.resolve('test/file-times.json');

/** Seconds each test file took in the last full run, by its path from the repository's root. */
export type FileSeconds = Record<string, number>;

export function readFileSeconds(file: string = ORDER_FILE): FileSeconds {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as FileSeconds;
  } catch {
    return {};
  }
}

/** Longest first by `seconds`; unknown files as long as the median; ties by path, so the order is stable. */
export function longestFirst(files: readonly string[], seconds: FileSeconds): string[] {
  const known = Object.values(seconds).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 0;
  const expected = (file: string) => seconds[file] ?? median;
  return [...files].sort((a, b) => expected(b) - expected(a) || (a < b ? -1 : a > b ? 1 : 0));
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const byPath = new Map(files.map((spec) => [path.relative(root, spec.moduleId), spec]));
    const order = longestFirst([...byPath.keys()], readFileSeconds(path.join(root, 'test/file-times.json')));
    // groupOrder still comes first: a project in a later group waits for the earlier ones whatever the order
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    return order.map((file) => byPath.get(file) as TestSpecification).sort((a, b) => group(a) - group(b));
  }
}

/** The table from a run's times, each file's wall time rounded to the second. */
export function fileSecondsOf(report: TimesReport): FileSeconds {
  const entries = report.byFile.map((f) => [f.file, Math.max(1, Math.round(f.wallMs / 1000))] as const);
  return Object.fromEntries(entries.sort((a, b) => (a[0] < b[0] ? -1 : 1)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = JSON.parse(readFileSync(process.argv[2] ?? TIMES_FILE, 'utf8')) as TimesReport;
  if (report.files < 100) throw new Error(`${report.files} files in that run: refresh the table from a full run`);
  writeFileSync(ORDER_FILE, `${JSON.stringify(fileSecondsOf(report), null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), ORDER_FILE)}: ${report.files} files`);
}
