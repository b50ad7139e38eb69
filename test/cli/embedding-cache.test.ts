/** `loci index` keeps the vectors it computes, by model and text, and a second index of the same file embeds nothing. */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTS_DIR, MODELS_DIR, REPO_ROOT } from '../support/paths.ts';

const run = promisify(execFile);
const LOCI = path.join(REPO_ROOT, 'bin/loci.js');
const LAW = path.join(DOCUMENTS_DIR, 'md_zh', '数据安全法_2021.md');

let dir: string;
const cacheDir = () => path.join(dir, 'cache');
const loci = (...args: string[]) =>
  run(process.execPath, [LOCI, ...args, '--models', MODELS_DIR, '--embedder', 'tiny-lexical-bert-zh'], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOCI_CACHE_DIR: cacheDir() },
    maxBuffer: 64 << 20,
  });
const cacheBytes = async () => {
  const files = await readdir(path.join(cacheDir(), 'embeddings'));
  expect(files).toHaveLength(1);
  return (await stat(path.join(cacheDir(), 'embeddings', files[0]))).size;
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'loci-embcache-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the CLI embedding cache', () => {
  it('is filled by the first index, read by the second, and left alone by a question', async () => {
    await loci('index', LAW, '--out', path.join(dir, 'a.loci'));
    const after = await cacheBytes();
    expect(after).toBeGreaterThan(0);
    await loci('index', LAW, '--out', path.join(dir, 'b.loci'));
    // every text of the same file was found: nothing appended
    expect(await cacheBytes()).toBe(after);
    await loci('ask', path.join(dir, 'b.loci'), '数据处理者应当履行哪些义务？');
    expect(await cacheBytes()).toBe(after);
  });
});
