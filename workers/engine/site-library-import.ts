/**
 * The engine's half of a visit to a site that publishes a library (the page downloads the file,
 * src/client/site-library-download.ts, and checks its size and SHA-256 against the manifest as it comes:
 * the only sender, so the file is not hashed a second time here): the file read whole, the
 * embedder switched to the file's when the visitor's library is empty, the file merged in with
 * the site's collection set to the new version's documents and the site's documents the new
 * version no longer holds deleted, all in one transaction (ImportOptions.site). The file brings
 * no chats, settings or collections of the publisher's; the visitor's own documents, chats and
 * collections are not touched; a file refused (damaged, foreign, another embedder's) writes nothing.
 */
import { readLibraryFile, type LibraryFileRead } from '../../src/browser-storage/export.ts';
import { siteCollection, siteCollectionOf } from '../../src/core/engine/site-library.ts';
import type { SiteLibraryImport } from '../../src/protocol/site-library-manifest.ts';
import type { IndexHost } from './index-host.ts';
import type { Workspace } from './workspace.ts';

/** The stored name of the site's collection; the page shows it in its own language. */
const SITE_COLLECTION_NAME = "This site's library";

/**
 * `onSearchable` is told when the site's documents can be searched before they are stored (a
 * first visit, IndexHost.importContents), and the page is shown them as the site's at once;
 * `onKept` when the file is kept whole, its records still being written behind it
 * (pending-import.ts); the import resolves once they are stored and the site's collection says so.
 */
export async function importSiteLibrary(ws: Workspace, index: IndexHost, bytes: Uint8Array<ArrayBuffer>, sha256: string, onSearchable?: () => void, onKept?: () => void): Promise<SiteLibraryImport> {
  const file = await readLibraryFile(bytes);
  const switchedEmbedder = await takeFileEmbedder(ws, index, file);
  const before = await ws.collections.list();
  const held = siteCollection(before);
  const collection = siteCollectionOf(sha256, file.documentIds, held?.name ?? SITE_COLLECTION_NAME, held?.created ?? Date.now());
  const report = await index.importContents(ws, file, {
    site: { collection },
    onSearchable: () => {
      ws.collections.showAhead(before, collection);
      onSearchable?.();
    },
    keep: { bytes, onKept: () => onKept?.() },
  });
  const removed = report.deleted?.documents.size ?? 0;
  return { documents: report.documentIds.length, removed, updated: held !== undefined, ...(switchedEmbedder ? { switchedEmbedder } : {}) };
}

/**
 * A visitor whose library is empty takes the file's embedder (settings, and the index opened
 * again with it); one with documents keeps theirs, and the import then refuses the file, naming
 * both models (EmbedderMismatchError). Returns the embedder switched to, if any.
 */
async function takeFileEmbedder(ws: Workspace, index: IndexHost, file: LibraryFileRead): Promise<string | undefined> {
  const wanted = file.manifest?.embedder.id;
  if (!wanted || wanted === ws.settings.value.embedderId) return undefined;
  if (!index.holdsNothing(ws)) return undefined;
  await index.changeSettings(ws, { embedderId: wanted });
  return wanted;
}
