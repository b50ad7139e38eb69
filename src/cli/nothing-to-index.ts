/**
 * What `loci index` says of a folder it was given from which nothing was indexed: one that holds no
 * files, only hidden ones (which are skipped), or only files that were each refused. An empty
 * folder used to end the run in silence with exit code 0, as if it had been indexed.
 */
import path from 'node:path';
import type { GatheredFiles } from './gather-files.ts';

/** Hidden files named in the message; the rest are counted. */
const NAMED = 3;

/**
 * Why nothing under `folder` was indexed, or undefined when something was. `indexed` tells whether
 * a file was indexed (or found to be a copy of one already indexed).
 */
export function nothingIndexedFrom(folder: string, gathered: GatheredFiles, indexed: (file: string) => boolean): string | undefined {
  const files = gathered.files.filter((f) => within(folder, f));
  if (files.some(indexed)) return undefined;
  const refused = files.length + gathered.refused.filter((r) => within(folder, r.path)).length;
  const hidden = gathered.hidden.filter((f) => within(folder, f));
  const one = hidden.length === 1;
  const skipped = hidden.length === 0 ? '' : `${hidden.length} hidden ${one ? 'file or folder' : 'files or folders'} (${names(hidden)}), skipped because ${one ? 'its name starts' : 'their names start'} with a dot`;
  if (refused > 0) {
    const none = refused === 1 ? 'its one file could not be indexed' : `none of its ${refused} files could be indexed`;
    return `nothing to index in ${folder}: ${none} (the reasons are above)${skipped ? `; ${skipped}` : ''}`;
  }
  return `nothing to index in ${folder}: ${skipped ? `it holds only ${skipped}` : 'it holds no files'}`;
}

function within(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

function names(files: readonly string[]): string {
  const shown = files.slice(0, NAMED).map((f) => path.basename(f));
  return files.length > NAMED ? `${shown.join(', ')} and ${files.length - NAMED} more` : shown.join(', ');
}
