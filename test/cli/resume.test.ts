/** Ctrl-C in the middle of `loci index` keeps what is finished; running it again completes the same index. */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decodeIndex } from '../../src/core/stored-index/binary-format.ts';
import { DOCUMENTS_DIR, MODELS_DIR, REPO_ROOT } from '../support/paths.ts';

const LOCI = path.join(REPO_ROOT, 'bin/loci.js');
const LAWS = ['民法典_合同编.md', '数据安全法_2021.md'].map((n) => path.join(DOCUMENTS_DIR, 'md_zh', n));
const ARGS = ['index', ...LAWS, '--embedder', 'tiny-lexical-bert-zh', '--models', MODELS_DIR, '-q'];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'loci-resume-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Starts indexing, interrupts it once pre-parsing is under way, resolves with the exit code. */
function interruptedRun(out: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [LOCI, ...ARGS.filter((a) => a !== '-q'), '--out', out], { cwd: REPO_ROOT });
    let sent = false;
    child.stderr.on('data', (data: Buffer) => {
      if (!sent && /^preparse \d+\/\d+/m.test(data.toString())) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
}

it('resumes an interrupted run to the same index as an uninterrupted one', async () => {
  const clean = path.join(dir, 'clean.loci');
  await promisify(execFile)(process.execPath, [LOCI, ...ARGS, '--out', clean], { cwd: REPO_ROOT });

  const resumed = path.join(dir, 'resumed.loci');
  expect(await interruptedRun(resumed)).toBe(130);
  const partial = await decodeIndex(new Uint8Array(await readFile(resumed)));
  expect(partial.documents.length).toBeGreaterThan(0);
  expect(partial.documents.some((d) => d.job.stage !== 'ready')).toBe(true);

  await promisify(execFile)(process.execPath, [LOCI, ...ARGS, '--out', resumed], { cwd: REPO_ROOT });
  expect((await readFile(resumed)).equals(await readFile(clean))).toBe(true);
});
