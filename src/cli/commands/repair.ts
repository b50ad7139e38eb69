/**
 * `loci repair <index> [files or folders…]`: rebuilds what the checksums found damaged.
 *
 * The index file keeps each document's original (since version 6 of the library file), so a
 * damaged document is indexed again from that copy. For an index written before originals were
 * kept, or when that copy is damaged too, the person points at where the files are: the index
 * knows a document only by its SHA-256 (its id) and file name, and a path recorded at indexing
 * time would be wrong as soon as the files or the index moved, so every file under the paths given
 * whose bytes hash to a damaged document's id is that document's original, whatever its name or
 * place now. A file given is used before the copy, and is kept as the document's original. A
 * damaged document with neither is dropped, and named with the command that adds it again; a
 * damaged copy of an original is put back from a file given, or dropped (its document still
 * answers); a damaged cluster group is rebuilt from its documents. The file is rewritten
 * atomically, as every write is (file-store.ts).
 */
import path from 'node:path';
import { describeDamage } from '../../core/stored-index/damage.ts';
import { sha256Hex } from '../../core/util/hash.ts';
import { openEngine } from '../engine-setup.ts';
import { gatherFiles } from '../gather-files.ts';
import { lockIndex } from '../index-lock.ts';
import { keepOriginals } from '../keep-originals.ts';
import { parseCommon, UsageError } from '../options.ts';
import { stderrProgress } from '../progress.ts';
import { readRegularFile, UnreadableFileError } from '../read-file.ts';

export const REPAIR_HELP = `loci repair <index.loci> [files or folders…]
  Checks every block of the index against its checksum and rebuilds what is damaged. A damaged
  document is indexed again from the copy of its file the index keeps. An index made before copies
  were kept (or whose copy is damaged too) needs the files or folders that hold the damaged
  documents: a file is recognised by its content, whatever its name or place now, and indexed
  again. A damaged document with neither is dropped from the index (and from its collections) and
  named, with the command that adds it back; so is a damaged copy of a file not given (its
  document still answers); the exit code is then 1. Damaged cluster entries are rebuilt from
  their documents.
  --models <dir>  --llm <id> (when the index pre-parses with a model)  --json`;

export interface RepairSummary {
  index: string;
  damaged: { doc: string; parts: string[] }[];
  /** `file`: the file given it was indexed again from; null: the copy of its original the index keeps. */
  rebuilt: { doc: string; file: string | null }[];
  dropped: string[];
  /** Damaged copies of originals: put back from a file given, or dropped while their documents still answer. */
  originals: { restored: { doc: string; file: string }[]; dropped: string[] };
}

/** A file found under the paths given whose bytes are a damaged document's or original's. */
interface FoundFile {
  file: string;
  bytes: Uint8Array;
}

export async function repairCommand(argv: string[]): Promise<number> {
  const { options, positionals } = parseCommon(argv);
  if (options.help) return console.log(REPAIR_HELP), 0;
  const [indexPath, ...sources] = positionals;
  if (!indexPath) throw new UsageError('usage: loci repair <index> [files or folders holding the damaged documents…]');
  const release = lockIndex(indexPath);
  try {
    const { engine, store } = await openEngine(indexPath, options, { generator: options.llm }, undefined, { mustExist: true, onDamage: 'accept', cacheEmbeddings: true });
    const damage = engine.damage;
    const summary: RepairSummary = { index: indexPath, damaged: damage.map((d) => ({ doc: d.name, parts: d.parts })), rebuilt: [], dropped: [], originals: { restored: [], dropped: [] } };
    if (damage.length === 0) {
      if (options.json) console.log(JSON.stringify(summary));
      else console.log(`${indexPath}: no damage found (${engine.documents.length} documents)`);
      return 0;
    }
    for (const d of damage) process.stderr.write(`damaged: ${describeDamage(d)}\n`);

    const documents = new Map(damage.filter((d) => d.kind === 'document').map((d) => [d.id, d.name]));
    const originals = new Map(damage.filter((d) => d.kind === 'original').map((d) => [d.id, d.name]));
    const found = await findOriginals(sources, new Map([...originals, ...documents]));
    // accepted first: setting the damage aside writes, and the store refuses writes while it holds damage
    store.acceptDamage();
    await engine.prepareRepair();
    // the files found become the originals the index keeps (a damaged copy is replaced)
    await keepOriginals(store, [...found].map(([id, { bytes }]) => ({ name: documents.get(id) ?? originals.get(id)!, bytes })));
    const sourced = [...documents].flatMap(([id, name]) => {
      const given = found.get(id);
      const kept = given ? undefined : store.original(id);
      return given || kept ? [{ id, name, file: given?.file ?? null, bytes: given?.bytes ?? kept!.bytes }] : [];
    });
    const outcome = await engine.indexFiles(sourced.map(({ name, bytes }) => ({ name, bytes })), { onProgress: stderrProgress(options.quiet) });
    // the damaged groups were deleted: their documents' clusters are made again, as they were
    const clustered = damage.filter((d) => d.kind === 'group').flatMap((d) => d.docIds);
    if (clustered.length > 0) await engine.makeClusters({ docIds: new Set(clustered), onProgress: stderrProgress(options.quiet) });
    for (const { id, file } of sourced) if (engine.document(id)) summary.rebuilt.push({ doc: documents.get(id)!, file });
    for (const [id, name] of documents) if (!engine.document(id)) summary.dropped.push(name);
    for (const [id, name] of originals) {
      const given = found.get(id);
      if (given) summary.originals.restored.push({ doc: name, file: given.file });
      else if (!documents.has(id)) summary.originals.dropped.push(name);
    }
    await store.pruneCollections(new Set(engine.documents.map((d) => d.doc.id)));
    await store.close();

    if (options.json) console.log(JSON.stringify(summary));
    else {
      for (const r of summary.rebuilt) console.log(`rebuilt: ${r.doc} (indexed again from ${r.file ?? 'the copy of its file the index keeps'})`);
      for (const name of summary.dropped) {
        console.log(`dropped: ${name} (the index keeps no intact copy of its file, nor was it among the paths given; add it back with: loci index <path to ${name}> --out ${indexPath})`);
      }
      for (const r of summary.originals.restored) console.log(`restored: the copy of ${r.doc} (from ${r.file})`);
      for (const name of summary.originals.dropped) {
        console.log(`dropped: the copy of ${name} (its file was not among the paths given; the document still answers; keep a copy again with: loci index <path to ${name}> --out ${indexPath})`);
      }
      const groups = damage.filter((d) => d.kind === 'group').length;
      if (groups > 0) console.log(`rebuilt the cluster entries of ${groups} group${groups === 1 ? '' : 's'}`);
      if (outcome.preparse.pending > 0) console.log('pre-parsing is not finished: run loci index with the same --out to continue');
      console.log(`${indexPath}: ${engine.documents.length} documents, no damage left`);
    }
    return summary.dropped.length > 0 || summary.originals.dropped.length > 0 ? 1 : 0;
  } finally {
    release();
  }
}

/** Files under `sources` whose SHA-256 is one of `wanted`'s ids: id → the file and its bytes (the first found). */
async function findOriginals(sources: string[], wanted: ReadonlyMap<string, string>): Promise<Map<string, FoundFile>> {
  const found = new Map<string, FoundFile>();
  if (sources.length === 0 || wanted.size === 0) return found;
  const { files, refused } = await gatherFiles(sources);
  for (const r of refused) process.stderr.write(`skipped: ${r.path}: ${r.reason}\n`);
  for (const file of files) {
    try {
      const bytes = await readRegularFile(file, path.basename(file));
      const id = await sha256Hex(bytes);
      if (wanted.has(id) && !found.has(id)) found.set(id, { file, bytes });
    } catch (error) {
      // a file that cannot be read, or is too large to have been indexed, is not an original
      if (!(error instanceof UnreadableFileError) && !(error instanceof Error && error.name === 'IngestError')) throw error;
    }
  }
  return found;
}
