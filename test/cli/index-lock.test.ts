/** One writer per index file: a second is refused by name and pid; a dead writer's lock and temporary files are cleared. */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexLockedError, isTemporaryOf, lockIndex } from '../../src/cli/index-lock.ts';
import { MODELS_DIR, REPO_ROOT } from '../support/paths.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'loci-lock-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The pid of a process that has already ended. */
function deadPid(): number {
  return Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).toString());
}

describe('lockIndex', () => {
  it('holds the lock with its pid, refuses a second writer while held, and frees it on release', () => {
    const index = path.join(dir, 'a.loci');
    const release = lockIndex(index);
    expect(readFileSync(`${index}.lock`, 'utf8')).toBe(String(process.pid));
    expect(() => lockIndex(index)).toThrow(new IndexLockedError(index, process.pid));
    release();
    expect(existsSync(`${index}.lock`)).toBe(false);
    lockIndex(index)();
  });

  it('takes over the lock of a process that no longer runs and removes its temporary files', async () => {
    const index = path.join(dir, 'b.loci');
    const pid = deadPid();
    writeFileSync(`${index}.lock`, String(pid));
    for (const name of ['b.loci.tmp', `b.loci.${pid}.tmp`, 'b.loci', 'b.loci.bak', 'other.loci.tmp']) writeFileSync(path.join(dir, name), 'x');
    const release = lockIndex(index);
    expect(readFileSync(`${index}.lock`, 'utf8')).toBe(String(process.pid));
    expect((await readdir(dir)).filter((n) => n.startsWith('b.loci') || n.startsWith('other')).sort()).toEqual(['b.loci', 'b.loci.bak', 'b.loci.lock', 'other.loci.tmp']);
    release();
  });

  it('knows its own temporary files from others', () => {
    expect(isTemporaryOf('/x/i.loci', 'i.loci.tmp')).toBe(true);
    expect(isTemporaryOf('/x/i.loci', 'i.loci.4242.tmp')).toBe(true);
    expect(isTemporaryOf('/x/i.loci', 'i.loci')).toBe(false);
    expect(isTemporaryOf('/x/i.loci', 'i.loci.x.tmp')).toBe(false);
    expect(isTemporaryOf('/x/i.loci', 'ii.loci.tmp')).toBe(false);
  });
});

describe('loci index while another writer holds the index', () => {
  it('is refused with the writer\'s pid, and writes nothing', async () => {
    const index = path.join(dir, 'held.loci');
    const file = path.join(dir, 'note.md');
    writeFileSync(file, '# 笔记\n\n数据处理者应当履行数据安全保护义务。\n');
    const release = lockIndex(index);
    try {
      const error = await promisify(execFile)(process.execPath, [path.join(REPO_ROOT, 'bin/loci.js'), 'index', file, '--out', index, '--models', MODELS_DIR, '-q'], { cwd: REPO_ROOT }).catch(
        (e: { code: number; stderr: string }) => e,
      );
      expect(error).toMatchObject({ code: 1 });
      expect((error as { stderr: string }).stderr).toContain(`loci index: ${index} is being written by another loci process (pid ${process.pid})`);
      expect(existsSync(index)).toBe(false);
    } finally {
      release();
    }
  });
});
