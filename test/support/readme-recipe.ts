/**
 * The README's recipes as written, for the tests that run them: a section's shell commands read
 * from README.md (so a test breaks when the README changes), and `loci` run as a reader runs it in
 * a folder of their own (no models folder of the tests, the folder's own embedding cache).
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './paths.ts';
import type { LociRun } from './run-loci.ts';

const LOCI = path.join(REPO_ROOT, 'bin/loci.js');

/**
 * The README from `heading` on: a `## heading`, or a paragraph that opens with `**heading.**`.
 * Throws when the README has no such heading, so a renamed one fails the test that reads it.
 */
export async function readmeSection(heading: string): Promise<string> {
  const readme = await readFile(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const at = Math.max(readme.indexOf(`## ${heading}\n`), readme.indexOf(`**${heading}.**`));
  if (at < 0) throw new Error(`README.md has no section "${heading}"`);
  return readme.slice(at);
}

/** The commands of the section's first `sh` block, each as an argument list (quoted arguments kept whole); comments left out. */
export function shCommands(section: string): string[][] {
  const start = section.indexOf('```sh\n');
  if (start < 0) throw new Error('the README section has no sh block');
  const block = section.slice(start + 6, section.indexOf('```', start + 6));
  return block
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trim().startsWith('#'))
    .map((line) => [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]));
}

/** The block's `npx loci …` commands, as the arguments `loci` is given. */
export function lociCommands(section: string): string[][] {
  return shCommands(section)
    .filter((args) => args[0] === 'npx' && args[1] === 'loci')
    .map((args) => args.slice(2));
}

/** `loci args…` run in `dir` as a reader runs it: no tests' models folder, the folder's own cache. */
export function runLociIn(dir: string, args: string[]): Promise<LociRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOCI_CACHE_DIR: path.join(dir, 'cache') };
  delete env.LOCI_MODELS_DIR;
  return new Promise((resolve) => {
    execFile(process.execPath, [LOCI, ...args], { cwd: dir, env, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
