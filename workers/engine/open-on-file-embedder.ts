/**
 * A first visit whose own embedder could not be loaded (the app's default, from a model host out
 * of reach) has no index open, so a site's library could not come in ("the library is still
 * opening"), though the library is empty and the site's file names an embedder the site may serve
 * itself (USE-Lite, which downloads nothing). An empty library takes the file's embedder once open
 * (site-library.ts); unopened, it takes it here, and the index opens on it. A library holding
 * documents is left to wait for its own model.
 */
import { readLibraryFile } from '../../src/browser-storage/export.ts';
import type { IndexHost } from './index-host.ts';
import type { Workspace } from './workspace.ts';

/** Returns the embedder the index opened on, when it was not open and now is; undefined otherwise. */
export async function openOnFileEmbedder(ws: Workspace, index: IndexHost, bytes: Uint8Array<ArrayBuffer>): Promise<string | undefined> {
  if (index.engine || ws.library.rows().length > 0) return undefined;
  // read whole, as the import reads it again: only on this visit, whose index could not open
  const wanted = (await readLibraryFile(bytes)).manifest?.embedder.id;
  if (!wanted || wanted === ws.settings.value.embedderId) return undefined;
  await index.changeSettings(ws, { embedderId: wanted });
  return index.engine ? wanted : undefined;
}
