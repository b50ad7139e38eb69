/**
 * `npm run docs:summary -- <run.json>...`: puts a run's summary into docs/results/json/ (or
 * `--out <dir>`) under the run's file name, for `npm run docs:results` to draw its page from. A
 * `loci eval --json` run loses its per-question results (they stay in the run's own file, outside
 * git, for `loci compare`); bench-core and bench:breadth output is a summary already and is
 * copied as it is. A summary given again is left as it is, so the command can run over the folder.
 *
 *   tsx scripts/docs-summary.ts [--out <dir>] <run.json>...
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SUMMARY_TOOL, summarizeReport, type EvalSummary } from '../src/eval/harness/summary.ts';
import type { EvalReport } from '../src/eval/harness/types.ts';
import { parseResultJson, RESULTS_DIR, ResultFileError } from './docs-results.ts';

/** One line a top-level field and one a method: small in git, and a diff names the method that changed. */
function formatSummary(summary: EvalSummary): string {
  const fields = Object.entries(summary).map(([key, value]) =>
    key === 'methods' ? ` "methods": [\n${summary.methods.map((m) => `  ${JSON.stringify(m)}`).join(',\n')}\n ]` : ` ${JSON.stringify(key)}: ${JSON.stringify(value)}`,
  );
  return `{\n${fields.join(',\n')}\n}\n`;
}

/** The text to keep for a run file: its summary, or the file itself when it is one already. */
export function summaryText(file: string, text: string): string {
  const value = parseResultJson(file, text);
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  if (record.tool === 'loci eval') {
    if (!Array.isArray(record.questions) || !Array.isArray(record.methods)) throw new ResultFileError(`${file}: a \`loci eval\` run without its methods or per-question results`);
    return formatSummary(summarizeReport(value as EvalReport));
  }
  if (record.tool === SUMMARY_TOOL || record.benchmark === 'core' || record.tool === 'bench:breadth') return text;
  throw new ResultFileError(`${file}: not a run this command knows (neither \`loci eval --json\`, \`npm run bench:core\` nor \`bench:breadth\` output)`);
}

/** Writes each run's summary into `outDir` under the run's name; returns the paths written. */
export async function writeSummaries(files: readonly string[], outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  for (const file of files) {
    const target = path.join(outDir, path.basename(file));
    await writeFile(target, summaryText(file, await readFile(file, 'utf8')));
    written.push(target);
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: true });
  if (positionals.length === 0) {
    console.error('give one or more run files: npm run docs:summary -- eval-runs/<name>.json');
    process.exit(2);
  }
  const written = await writeSummaries(positionals, values.out ?? path.join(RESULTS_DIR, 'json'));
  console.log(`wrote ${written.length} summaries: ${written.map((f) => path.relative(process.cwd(), f)).join(', ')}`);
}
