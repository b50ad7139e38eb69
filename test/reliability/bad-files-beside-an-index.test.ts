/**
 * Catalogue (issue 10): an index extended with a folder of nothing but bad files (a dangling link,
 * a named pipe, a damaged Word file, Markdown of headings only, random bytes named .txt). Each is
 * refused with its name and reason, the run exits 1, and the index keeps exactly its bytes.
 */
import { execFile, execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { MODELS_DIR, REPO_ROOT } from '../support/paths.ts';

const run = promisify(execFile);
const LOCI = path.join(REPO_ROOT, 'bin/loci.js');
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function loci(...args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await run(process.execPath, [LOCI, ...args, '--models', MODELS_DIR, '-q'], { cwd: REPO_ROOT });
    return { code: 0, stderr };
  } catch (e) {
    const err = e as { code: number; stderr: string };
    return { code: err.code, stderr: err.stderr };
  }
}

it.runIf(process.platform !== 'win32')('refuses every bad file by name and leaves the index it was to extend byte for byte', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'loci-bad-beside-'));
  dirs.push(dir);
  await writeFile(path.join(dir, 'good.md'), '# 数据安全\n\n数据处理者应当履行数据安全保护义务，建立健全全流程数据安全管理制度。\n');
  const index = path.join(dir, 'laws.loci');
  expect((await loci('index', path.join(dir, 'good.md'), '--out', index, '--embedder', 'tiny-lexical-bert-zh')).code).toBe(0);
  const before = await readFile(index);

  const bad = path.join(dir, 'bad');
  await mkdir(bad);
  await symlink(path.join(bad, 'gone.md'), path.join(bad, 'dangling.md'));
  execFileSync('mkfifo', [path.join(bad, 'pipe.txt')]);
  await writeFile(path.join(bad, 'broken.docx'), Buffer.from('PK\x03\x04not a zip at all'));
  await writeFile(path.join(bad, 'outline.md'), '# 计划\n## 第一部分\n');
  await writeFile(path.join(bad, 'random.txt'), Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919 + 13) % 256)));
  const r = await loci('index', bad, '--out', index);

  expect(r.code).toBe(1);
  expect(r.stderr).toContain(`error: ${path.join(bad, 'dangling.md')}: dangling symbolic link`);
  expect(r.stderr).toContain(`error: ${path.join(bad, 'pipe.txt')}: not a regular file: a named pipe (FIFO)`);
  expect(r.stderr).toContain('error: broken.docx: the file is not a valid Word (DOCX) document');
  expect(r.stderr).toContain('error: outline.md: the file has only headings (2) and no text under them to index');
  expect(r.stderr).toContain('error: random.txt: the file is named .txt but holds binary data, not text');
  expect((await readFile(index)).equals(before)).toBe(true);
  // nothing left beside it: no temporary file, no lock
  expect(readdirSync(dir).sort()).toEqual(['bad', 'good.md', 'laws.loci']);
});
