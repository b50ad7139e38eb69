/**
 * Reads a `loci eval --json` file to compare with, and refuses one that cannot be compared: a
 * comparison on the wrong file would print plausible numbers that mean nothing.
 */
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SUMMARY_TOOL } from '../harness/summary.ts';
import type { EvalReport } from '../harness/types.ts';

/** Where full runs are kept, outside git (see .gitignore): `loci compare` finds a run there by name. */
export const RUNS_DIR = 'eval-runs';

/** A file that is not a comparable run; the message starts with the file's name. */
export class ComparisonError extends Error {
  override name = 'ComparisonError';
}

/** What a comparison reads of a report: the part every `loci eval --json` file has had. */
export type ComparableReport = Pick<EvalReport, 'config' | 'dataset' | 'methods' | 'questions'>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The report in `text`, or a ComparisonError naming `file` and what is wrong with it. */
export function parseEvalReport(file: string, text: string): ComparableReport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ComparisonError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  if (isRecord(value) && value.tool === SUMMARY_TOOL) {
    throw new ComparisonError(`${file}: a run's summary, without the per-question results a comparison pairs; give the full \`loci eval --json\` run (kept in ${RUNS_DIR}/)`);
  }
  if (!isRecord(value) || value.tool !== 'loci eval') throw new ComparisonError(`${file}: not a \`loci eval --json\` result (no "tool": "loci eval")`);
  const { config, dataset, methods, questions } = value;
  if (!isRecord(config) || !isRecord(dataset) || typeof dataset.name !== 'string' || typeof dataset.split !== 'string' || !Array.isArray(methods) || !Array.isArray(questions)) {
    throw new ComparisonError(`${file}: a \`loci eval\` result without its configuration, dataset, methods or per-question results`);
  }
  // checked as far as a comparison reads it; the rest is the harness's own output
  return value as unknown as ComparableReport;
}

const exists = (file: string) => access(file).then(() => true, () => false);

/**
 * The file a run names: the path itself when it exists, else the run of that name in `runsDir`
 * ("rgb-dev-tiny-lexical-bert-zh" or its ".json"), else the path as given, so that the error
 * names what was asked for.
 */
export async function resolveRunFile(name: string, runsDir: string = RUNS_DIR): Promise<string> {
  if (await exists(name)) return name;
  for (const candidate of [path.join(runsDir, name), path.join(runsDir, `${name}.json`)]) {
    if (await exists(candidate)) return candidate;
  }
  return name;
}

export async function readEvalReport(file: string): Promise<ComparableReport> {
  const found = await resolveRunFile(file);
  return parseEvalReport(found, await readFile(found, 'utf8'));
}

/** Refuses a run of another dataset or split: its question ids would pair unrelated questions, or none. */
export function assertSameDataset(other: ComparableReport, file: string, dataset: { name: string; split: string }): void {
  const { name, split } = other.dataset;
  if (name !== dataset.name || split !== dataset.split) {
    throw new ComparisonError(`${file}: a run on ${name} ${split}, not ${dataset.name} ${dataset.split}; only runs of one dataset and split can be compared`);
  }
}
