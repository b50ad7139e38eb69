/**
 * Settings › Import library: a file read and checked whole, then merged in. A file indexed with
 * another embedder than the one in use cannot be merged into an index of the other's vectors: into
 * a library that holds nothing it brings its embedder (the setting switches, as a site's library
 * does on a first visit); into one with documents, the person chooses between keeping their
 * library (nothing is touched) and replacing it with the file. Replacing loads the file's embedder
 * before it deletes anything: a model that cannot be loaded (offline, not in the model folder)
 * leaves the library as it was, rather than empty.
 */
import { readLibraryFile } from '../../src/browser-storage/export.ts';
import { deleteCollection } from '../../src/browser-storage/collections.ts';
import type { LibraryImport } from '../../src/protocol/api.ts';
import { errorWords } from './error-words.ts';
import type { IndexHost } from './index-host.ts';
import type { Workspace } from './workspace.ts';

export async function importLibraryFile(ws: Workspace, index: IndexHost, file: File, options: { replace?: boolean } = {}): Promise<LibraryImport> {
  const read = await readLibraryFile(new Uint8Array(await file.arrayBuffer()));
  const fileEmbedder = read.manifest?.embedder.id;
  const inUse = index.needEngine().manifest.embedder.id;
  let switchedEmbedder: string | undefined;
  if (fileEmbedder && fileEmbedder !== inUse) {
    if (!index.holdsNothing(ws)) {
      if (!options.replace) return { kind: 'choose', fileEmbedder, libraryEmbedder: inUse, documents: ws.library.rows().length };
      await loadBeforeReplacing(ws, fileEmbedder);
      await emptyLibrary(ws);
    }
    await index.changeSettings(ws, { embedderId: fileEmbedder });
    switchedEmbedder = fileEmbedder;
  }
  const report = await index.importContents(ws, read);
  return { kind: 'imported', documents: report.documents, ...(switchedEmbedder ? { switchedEmbedder } : {}) };
}

/**
 * The file's embedder loaded into the embed worker while the library is still whole; the index
 * opened on it next (changeSettings) takes it as loaded. The library's jobs stop first, as before
 * any swap of the embedder (no batch is embedded by a model swapped under it), and go on when the
 * model cannot be loaded: the worker keeps the model it had, and the library is untouched.
 */
async function loadBeforeReplacing(ws: Workspace, embedderId: string): Promise<void> {
  const { library } = ws;
  await library.queue.halt();
  try {
    await ws.models.preloadEmbedder(embedderId, ws.settings.value);
  } catch (error) {
    library.queue.resumeAll();
    library.resumeUnfinished();
    throw new ReplaceRefusedError(embedderId, error);
  }
}

/** "Replace my library" stopped before deleting anything: the file's embedding model could not be loaded. */
export class ReplaceRefusedError extends Error {
  constructor(
    readonly modelId: string,
    cause: unknown,
  ) {
    super(`the file's embedding model ${modelId} could not be loaded (${errorWords(cause)}); your library was left as it was`, { cause });
    this.name = 'ReplaceRefusedError';
  }
}

/**
 * What "Replace my library" deletes before the file comes in: every document (a site's too: the
 * library is the file's now) and every collection. Chats stay; a citation of a deleted passage
 * says it is no longer in the library.
 */
async function emptyLibrary(ws: Workspace): Promise<void> {
  for (const row of ws.library.rows()) await ws.library.remove(row.id);
  for (const collection of await ws.collections.list()) await deleteCollection(ws.store.db, collection.id);
  await ws.collections.changed();
}
