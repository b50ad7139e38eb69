/** `loci convert <export.zip> --out <library.loci>`: an older app export written as a library file. */
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { encodeIndex } from '../../core/stored-index/binary-format.ts';
import { isUnindexed } from '../../core/stored-index/manifest.ts';
import { parseCommon, UsageError } from '../options.ts';
import { isOlderExport, snapshotOfOlderExport } from '../older-export.ts';

export const CONVERT_HELP = `loci convert <export.zip> --out <library.loci> [--json]
  Writes an export of an older version of the Loci app (a zip archive) as a library file: the one
  format loci index writes and today's app exports and imports, with the same documents, original
  files, collections, chats and settings. The export is checked whole first (every member's
  checksum, every record's). ask and inspect read an older export as it is; index and repair need
  it converted. --out must not exist yet: a conversion never overwrites an index.`;

export async function convertCommand(argv: string[]): Promise<number> {
  const { options, positionals } = parseCommon(argv);
  if (options.help) return console.log(CONVERT_HELP), 0;
  const [from] = positionals;
  if (!from || positionals.length > 1 || !options.out) throw new UsageError('usage: loci convert <export.zip> --out <library.loci>');
  if (!existsSync(from)) throw new UsageError(`${from}: no such file`);
  if (existsSync(options.out)) throw new UsageError(`${options.out} exists already: give a new --out (a conversion never overwrites a file)`);
  const bytes = new Uint8Array(await readFile(from));
  if (!isOlderExport(bytes)) {
    const already = new TextDecoder().decode(bytes.subarray(0, 4)) === 'LOCI';
    throw new UsageError(`${from} is not an export of an older version of the Loci app (a zip archive)${already ? ': it is a library file already, which every command reads as it is' : ''}`);
  }
  const snapshot = await snapshotOfOlderExport(from, bytes);
  // written whole, then renamed into place, as every index file is (file-store.ts)
  const tmp = `${options.out}.${process.pid}.tmp`;
  await writeFile(tmp, await encodeIndex(snapshot));
  await rename(tmp, options.out);
  const summary = {
    from,
    library: options.out,
    documents: snapshot.documents.length,
    originals: snapshot.originals?.length ?? 0,
    collections: snapshot.collections?.length ?? 0,
    embedder: isUnindexed(snapshot.manifest) ? null : snapshot.manifest.embedder.id,
  };
  if (options.json) console.log(JSON.stringify(summary));
  else {
    const what = `${summary.documents} documents, ${summary.originals} original files, ${summary.collections} collections, the app's chats and settings`;
    console.log(`${summary.library}: ${what} (converted from ${from}${summary.embedder ? `; indexed with ${summary.embedder}` : '; no index yet'})`);
  }
  return 0;
}
