/**
 * The paths `loci index` was given → the regular files to read, and the paths it refuses with the
 * reason. Each path is judged on its own, so one dangling link, link loop, unreadable folder or
 * FIFO is reported beside the good files instead of stopping the batch. Only regular files are
 * kept: a device or FIFO would never end (/dev/zero) or never start (a pipe nobody writes).
 */
import type { Stats } from 'node:fs';
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

export interface RefusedPath {
  path: string;
  /** Plain words: "dangling symbolic link (its target does not exist)", "permission denied"… */
  reason: string;
}

export interface GatheredFiles {
  files: string[];
  refused: RefusedPath[];
  /** Hidden entries (names starting with a dot) inside the folders walked, which are skipped. */
  hidden: string[];
  /** The inputs that are folders. */
  folders: string[];
}

/** Files under `inputs` (folders walked in name order, hidden entries skipped), and what was refused. */
export async function gatherFiles(inputs: string[]): Promise<GatheredFiles> {
  const out: GatheredFiles = { files: [], refused: [], hidden: [], folders: [] };
  for (const input of inputs) await visit(input, new Set(), out);
  return out;
}

/** `ancestors`: real paths of the folders being walked, to tell a link back into one of them. */
async function visit(target: string, ancestors: ReadonlySet<string>, out: GatheredFiles): Promise<void> {
  const info = await statFollowing(target);
  if ('reason' in info) return void out.refused.push({ path: target, reason: info.reason });
  if (info.stats.isFile()) return void out.files.push(target);
  if (!info.stats.isDirectory()) return void out.refused.push({ path: target, reason: `not a regular file: ${kindOf(info.stats)}` });

  let real: string;
  let names: string[];
  try {
    real = await realpath(target);
    names = (await readdir(target)).sort();
  } catch (error) {
    return void out.refused.push({ path: target, reason: fsReason(error, info.link) });
  }
  if (ancestors.has(real)) {
    return void out.refused.push({ path: target, reason: 'symbolic link loop (it leads back into a folder that contains it)' });
  }
  if (ancestors.size === 0) out.folders.push(target);
  const inside = new Set(ancestors).add(real);
  for (const name of names) {
    if (name.startsWith('.')) out.hidden.push(path.join(target, name));
    else await visit(path.join(target, name), inside, out);
  }
}

/** The stats of what `target` finally points to, or why it cannot be had. */
async function statFollowing(target: string): Promise<{ stats: Stats; link: boolean } | { reason: string }> {
  let own: Stats;
  try {
    own = await lstat(target);
  } catch (error) {
    return { reason: fsReason(error, false) };
  }
  if (!own.isSymbolicLink()) return { stats: own, link: false };
  try {
    return { stats: await stat(target), link: true };
  } catch (error) {
    return { reason: fsReason(error, true) };
  }
}

/** A file-system error in plain words; `link`: the path is a symbolic link, so ENOENT means dangling. */
export function fsReason(error: unknown, link: boolean): string {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'ENOENT':
      return link ? 'dangling symbolic link (its target does not exist)' : 'no such file or folder';
    case 'ELOOP':
      return 'symbolic link loop (the link leads back to itself)';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** What a non-regular file is, for the message that refuses it. */
export function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  return 'not a file or folder';
}
