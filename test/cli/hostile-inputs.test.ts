/**
 * `loci index` over the files people really have: each bad one is reported by name with its
 * reason, the good ones beside it are indexed, and the exit code says something was left out.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODELS_DIR, REPO_ROOT } from '../support/paths.ts';

const run = promisify(execFile);
const LOCI = path.join(REPO_ROOT, 'bin/loci.js');
const POSIX = process.platform !== 'win32';

async function loci(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [LOCI, ...args, '--models', MODELS_DIR, '-q'], { cwd: REPO_ROOT });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

/** The embedder of every new index here (the CLI's default is the app's, which these machines cannot download). */
const TINY = ['--embedder', 'tiny-lexical-bert-zh'];

const GOOD = '# 数据安全\n\n数据处理者应当履行数据安全保护义务，建立健全全流程数据安全管理制度。\n';

let dir: string;
/** An index of one good file, built once, that the cases below extend or ask. */
let base: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'loci-hostile-'));
  await writeFile(path.join(dir, 'good.md'), GOOD);
  base = path.join(dir, 'base.loci');
  const built = await loci('index', path.join(dir, 'good.md'), '--out', base, ...TINY);
  expect(built.code, built.stderr).toBe(0);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('loci index with bad paths beside good files', () => {
  it.runIf(POSIX)('indexes the good file and names every bad path with its reason', async () => {
    const folder = path.join(dir, 'mixed');
    await mkdir(folder);
    await writeFile(path.join(folder, 'good.md'), GOOD);
    await symlink(path.join(folder, 'gone.md'), path.join(folder, 'dangling.md'));
    await symlink(path.join(folder, 'loop-b'), path.join(folder, 'loop-a'));
    await symlink(path.join(folder, 'loop-a'), path.join(folder, 'loop-b'));
    await symlink('/dev/zero', path.join(folder, 'zero.txt'));
    execFileSync('mkfifo', [path.join(folder, 'pipe.txt')]);

    const r = await loci('index', folder, '--out', path.join(dir, 'mixed.loci'), '--json', ...TINY);
    expect(r.code).toBe(1);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ documents: 1, ready: 1 });
    expect(summary.chunks).toBeGreaterThan(0);
    const failed = Object.fromEntries(summary.failedFiles.map((f: { file: string; error: string }) => [path.basename(f.file), f.error]));
    expect(failed).toEqual({
      'dangling.md': 'dangling symbolic link (its target does not exist)',
      'loop-a': 'symbolic link loop (the link leads back to itself)',
      'loop-b': 'symbolic link loop (the link leads back to itself)',
      'pipe.txt': 'not a regular file: a named pipe (FIFO)',
      'zero.txt': 'not a regular file: a character device',
    });
    expect(r.stderr).toContain(`error: ${path.join(folder, 'dangling.md')}: dangling symbolic link`);
    expect(r.stderr).toContain(`error: ${path.join(folder, 'pipe.txt')}: not a regular file`);
  });

  it('refuses to start when no path given can be read, and writes no index', async () => {
    const out = path.join(dir, 'none.loci');
    const r = await loci('index', path.join(dir, 'no-such.md'), '--out', out);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${path.join(dir, 'no-such.md')}: no such file or folder`);
    expect(r.stderr).toMatch(/loci index: nothing to index/);
    expect(existsSync(out)).toBe(false);
  });
});

describe('loci ask and inspect with odd questions', () => {
  it('refuses a blank question with a clear message', async () => {
    const r = await loci('ask', base, '   ');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^loci ask: the question is empty/m);
    expect(r.stdout).toBe('');
  });

  it('cuts a 100 KB question to the embedder\'s window and says so', async () => {
    // 117 KB in UTF-8, under the 128 KB a single command-line argument may hold
    const question = '数据处理者应当履行哪些义务'.repeat(3000);
    const r = await loci('inspect', base, question, '--json');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^note: the question is 39,000 characters long; only its first [\d,]+ were used \(the embedder reads at most \d+ tokens\)$/m);
    const out = JSON.parse(r.stdout);
    expect(out.question.length).toBeLessThan(question.length);
    expect(out.sources.length).toBeGreaterThan(0);
  });
});

describe('loci index says what it did not index', () => {
  it('fails a file of headings only and names a copy of an indexed file, indexing the rest', async () => {
    const out = path.join(dir, 'extended.loci');
    await copyFile(base, out);
    const folder = path.join(dir, 'more');
    await mkdir(folder);
    await writeFile(path.join(folder, 'outline.md'), '# 计划\n## 第一部分\n## 第二部分\n');
    await writeFile(path.join(folder, 'copy.md'), GOOD);
    await writeFile(path.join(folder, 'new.md'), '# 网络安全\n\n网络运营者应当按照网络安全等级保护制度的要求履行安全保护义务。\n');

    const r = await loci('index', folder, '--out', out, '--json');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: outline.md: the file has only headings (3) and no text under them to index');
    expect(r.stderr).toContain('skipped: copy.md: same content as good.md, which is already indexed');
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ documents: 2, ready: 2, duplicates: [{ file: 'copy.md', sameAs: 'good.md' }] });
    expect(summary.failedFiles).toEqual([{ file: 'outline.md', error: 'outline.md: the file has only headings (3) and no text under them to index' }]);
  });

  it('says an empty folder holds nothing to index, naming it, and exits 1 without writing an index', async () => {
    const empty = path.join(dir, 'empty');
    await mkdir(path.join(empty, 'sub'), { recursive: true });
    const out = path.join(dir, 'empty.loci');
    const r = await loci('index', empty, '--out', out);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`loci index: nothing to index in ${empty}: it holds no files`);
    expect(existsSync(out)).toBe(false);

    // hidden files are skipped, and the message says so and why
    const hidden = path.join(dir, 'hidden-only');
    await mkdir(hidden);
    await writeFile(path.join(hidden, '.notes.md'), GOOD);
    const h = await loci('index', hidden, '--out', out);
    expect(h.code).toBe(1);
    expect(h.stderr).toContain(`loci index: nothing to index in ${hidden}: it holds only 1 hidden file or folder (.notes.md), skipped because its name starts with a dot`);
    expect(existsSync(out)).toBe(false);
  });

  it('says a folder of files in no supported format holds nothing to index, with each file\'s reason, and leaves the index it extends as it was', async () => {
    const folder = path.join(dir, 'unsupported');
    await mkdir(folder);
    await writeFile(path.join(folder, 'data.bin'), Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919 + 13) % 256)));
    await writeFile(path.join(folder, 'report.doc'), Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]));
    await writeFile(path.join(folder, '.DS_Store'), Buffer.from([0, 0, 0, 1, 66, 117, 100, 49]));
    const out = path.join(dir, 'unsupported.loci');
    await copyFile(base, out);
    const before = await readFile(out);
    const r = await loci('index', folder, '--out', out);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: data.bin: this file type is not supported; supported formats are');
    expect(r.stderr).toContain('error: report.doc: old Office formats (.doc, .xls, .ppt) are not supported; save the file as .docx or PDF');
    expect(r.stderr).toContain(
      `error: nothing to index in ${folder}: none of its 2 files could be indexed (the reasons are above); 1 hidden file or folder (.DS_Store), skipped because its name starts with a dot`,
    );
    expect((await readFile(out)).equals(before)).toBe(true);
  });

  it('writes no new index when every file it was given is refused', async () => {
    const folder = path.join(dir, 'outline-only');
    await mkdir(folder);
    await writeFile(path.join(folder, 'outline.md'), '# 计划\n## 第一部分\n## 第二部分\n');
    const out = path.join(dir, 'outline-only.loci');
    const r = await loci('index', folder, '--out', out, ...TINY);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: outline.md: the file has only headings (3) and no text under them to index');
    expect(r.stdout).toContain('nothing indexed, so no index was written');
    expect(existsSync(out)).toBe(false);
  });

  it('says which file it read in a legacy encoding', async () => {
    const folder = path.join(dir, 'legacy');
    await mkdir(folder);
    // 数据处理者应当履行数据安全保护义务。 in GBK
    const gbk = [0xca, 0xfd, 0xbe, 0xdd, 0xb4, 0xa6, 0xc0, 0xed, 0xd5, 0xdf, 0xd3, 0xa6, 0xb5, 0xb1, 0xc2, 0xc4, 0xd0, 0xd0, 0xca, 0xfd, 0xbe, 0xdd, 0xb0, 0xb2, 0xc8, 0xab, 0xb1, 0xa3, 0xbb, 0xa4, 0xd2, 0xe5, 0xce, 0xf1, 0xa1, 0xa3];
    await writeFile(path.join(folder, 'gbk.txt'), new Uint8Array(gbk));
    const r = await loci('index', folder, '--out', path.join(dir, 'legacy.loci'), ...TINY);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('note: gbk.txt: read as gb18030 (not UTF-8)');
  });

  it('refuses a file that makes more chunks than --max-chunks, by name, and indexes the rest', async () => {
    const folder = path.join(dir, 'long');
    await mkdir(folder);
    const paragraph = '数据处理者应当履行数据安全保护义务，建立健全全流程数据安全管理制度，组织开展数据安全教育培训。';
    await writeFile(path.join(folder, 'long.md'), Array.from({ length: 60 }, (_, i) => `第${i}条 ${paragraph}`).join('\n\n'));
    await writeFile(path.join(folder, 'short.md'), '# 网络安全\n\n网络运营者应当按照网络安全等级保护制度的要求履行安全保护义务。\n');

    const r = await loci('index', folder, '--out', path.join(dir, 'long.loci'), '--max-chunks', '5', '--json', ...TINY);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error: long\.md: the file makes \d+ chunks, more than the 5 one document may have/);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ documents: 1, ready: 1 });
    expect(summary.failedFiles.map((f: { file: string }) => f.file)).toEqual(['long.md']);
    expect((await loci('index', folder, '--out', path.join(dir, 'bad.loci'), '--max-chunks', '0')).stderr).toMatch(/--max-chunks needs a whole number above 0/);
  });

  it('refuses index settings that differ from the ones the index was built with, and leaves it unchanged', async () => {
    const before = await readFile(base);
    const other = path.join(dir, 'other.md');
    await writeFile(other, '# 其他\n\n另一段文字。\n');
    const r = await loci('index', other, '--out', base, '--chunk-tokens', '50', '--cluster-scope', 'corpus');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `loci index: ${base} was built with other settings: --chunk-tokens 50 (the index uses 100); --cluster-scope corpus (the index uses document). ` +
        'Leave these options out to extend it with its own settings, or give a new --out to build another index',
    );
    expect((await readFile(base)).equals(before)).toBe(true);

    // the index's own settings, given again, are no conflict
    const same = await loci('index', other, '--out', base, '--chunk-tokens', '100', '--cluster-scope', 'document', '--json');
    expect(same.code, same.stderr).toBe(0);
    expect(JSON.parse(same.stdout)).toMatchObject({ documents: 2, ready: 2 });
  });
});
