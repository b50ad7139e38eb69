/**
 * One writer at a time per index file. Two `loci index … --out same.loci` at once used to share
 * one temporary file: one failed with ENOENT and its documents were missing from the result. The
 * writer now holds `<index>.lock`, holding its pid, for the whole run; a second writer is refused
 * with the first one's pid. A lock whose process is gone (a killed run) is taken over, and since
 * only the lock's holder writes, any temporary file left beside the index is stale and removed.
 */
import { readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class IndexLockedError extends Error {
  constructor(
    readonly indexPath: string,
    readonly pid: number,
  ) {
    super(
      `${indexPath} is being written by another loci process (pid ${pid}); ` +
        `wait for it to finish, or delete ${indexPath}.lock if no such process is running`,
    );
    this.name = 'IndexLockedError';
  }
}

/** Takes the index's lock or throws IndexLockedError; returns its release (also run at exit). */
export function lockIndex(indexPath: string): () => void {
  const lockPath = `${indexPath}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST') || attempt > 0) throw error;
      const holder = readFileSync(lockPath, 'utf8');
      const pid = Number(holder.trim());
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new IndexLockedError(indexPath, pid);
      // left by a process that no longer runs; re-read first, to not delete a lock just taken over
      if (readFileSync(lockPath, 'utf8') === holder) unlinkSync(lockPath);
    }
  }
  removeStaleTemporaries(indexPath);
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    try {
      unlinkSync(lockPath);
    } catch {
      // already gone: nothing to release
    }
  };
  // an interrupted run ends with process.exit, which skips finally blocks but not 'exit' handlers
  process.on('exit', release);
  return release;
}

/** The temporary files writers make beside the index (`<index>.tmp`, `<index>.<pid>.tmp`). */
export function isTemporaryOf(indexPath: string, name: string): boolean {
  const base = path.basename(indexPath);
  return name.startsWith(`${base}.`) && /^(?:\d+\.)?tmp$/.test(name.slice(base.length + 1));
}

function removeStaleTemporaries(indexPath: string): void {
  const dir = path.dirname(indexPath);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!isTemporaryOf(indexPath, name)) continue;
    try {
      unlinkSync(path.join(dir, name));
    } catch {
      // another cleanup got there first
    }
  }
}

/** Signal 0 checks that a process exists; EPERM means it exists but belongs to someone else. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}
