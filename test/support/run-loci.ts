/** Runs the `loci` command as a person does (a child process), with the test models. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { MODELS_DIR, REPO_ROOT } from './paths.ts';

const run = promisify(execFile);
const LOCI = path.join(REPO_ROOT, 'bin/loci.js');

export interface LociRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function loci(...args: string[]): Promise<LociRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, [LOCI, ...args, '--models', MODELS_DIR, '-q'], { cwd: REPO_ROOT, maxBuffer: 64 << 20 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}
