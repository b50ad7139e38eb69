/** The paths `loci index` is given: every bad one refused with its reason, the good ones kept. */
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatherFiles } from '../../src/cli/gather-files.ts';
import { readRegularFile, UnreadableFileError } from '../../src/cli/read-file.ts';
import { IngestError } from '../../src/core/ingest/index.ts';

const POSIX = process.platform !== 'win32';
// root reads a file whatever its mode, so a permission case can only fail for anyone else
const ROOT = process.getuid?.() === 0;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'loci-gather-'));
  await writeFile(path.join(dir, 'a.md'), '# A\n\nText.\n');
  await mkdir(path.join(dir, 'sub'));
  await writeFile(path.join(dir, 'sub', 'b.txt'), 'more text');
  await writeFile(path.join(dir, '.hidden.md'), 'not listed');
  if (POSIX) {
    await symlink(path.join(dir, 'missing.md'), path.join(dir, 'dangling.md'));
    await symlink(path.join(dir, 'loop2'), path.join(dir, 'loop1'));
    await symlink(path.join(dir, 'loop1'), path.join(dir, 'loop2'));
    await symlink(dir, path.join(dir, 'sub', 'up'));
    await symlink('/dev/null', path.join(dir, 'device.txt'));
    execFileSync('mkfifo', [path.join(dir, 'pipe.txt')]);
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('gatherFiles', () => {
  it.runIf(POSIX)('keeps the regular files and refuses each bad path with its reason', async () => {
    const { files, refused, hidden, folders } = await gatherFiles([dir, path.join(dir, 'nope.md')]);
    expect(files).toEqual([path.join(dir, 'a.md'), path.join(dir, 'sub', 'b.txt')]);
    // hidden entries are skipped, and kept for the message when a folder yields nothing else
    expect(hidden).toEqual([path.join(dir, '.hidden.md')]);
    expect(folders).toEqual([dir]);
    const reasons = Object.fromEntries(refused.map((r) => [path.relative(dir, r.path), r.reason]));
    expect(reasons).toEqual({
      'dangling.md': 'dangling symbolic link (its target does not exist)',
      'device.txt': 'not a regular file: a character device',
      loop1: 'symbolic link loop (the link leads back to itself)',
      loop2: 'symbolic link loop (the link leads back to itself)',
      'pipe.txt': 'not a regular file: a named pipe (FIFO)',
      'sub/up': 'symbolic link loop (it leads back into a folder that contains it)',
      'nope.md': 'no such file or folder',
    });
  });

  it.runIf(POSIX && !ROOT)('refuses a folder it may not list, and walks the rest', async () => {
    const locked = path.join(dir, 'locked');
    await mkdir(locked);
    await chmod(locked, 0o000);
    try {
      const { files, refused } = await gatherFiles([dir]);
      expect(files).toContain(path.join(dir, 'a.md'));
      expect(refused).toContainEqual({ path: locked, reason: 'permission denied' });
    } finally {
      await chmod(locked, 0o700);
      await rm(locked, { recursive: true });
    }
  });
});

describe('readRegularFile', () => {
  it('reads a regular file whole', async () => {
    const bytes = await readRegularFile(path.join(dir, 'sub', 'b.txt'), 'b.txt');
    expect(new TextDecoder().decode(bytes)).toBe('more text');
  });

  it.runIf(POSIX)('refuses a FIFO or a device without reading it (a pipe nobody writes would block forever)', async () => {
    await expect(readRegularFile(path.join(dir, 'pipe.txt'), 'pipe.txt')).rejects.toThrow(
      new UnreadableFileError(path.join(dir, 'pipe.txt'), 'not a regular file: a named pipe (FIFO)'),
    );
    await expect(readRegularFile('/dev/zero', 'zero')).rejects.toThrow(/\/dev\/zero: not a regular file: a character device/);
  });

  it('refuses a file over the size limit before reading it', async () => {
    const error = await readRegularFile(path.join(dir, 'a.md'), 'a.md', 4).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect(error).toMatchObject({ reason: 'too-large', message: 'a.md: the file is too large (1 KB; the limit is 1 KB)' });
  });

  it.runIf(POSIX && !ROOT)('says permission denied for a file it may not read', async () => {
    const secret = path.join(dir, 'secret.txt');
    await writeFile(secret, 'x');
    await chmod(secret, 0o000);
    await expect(readRegularFile(secret, 'secret.txt')).rejects.toThrow(`${secret}: permission denied`);
    await rm(secret);
  });
});
