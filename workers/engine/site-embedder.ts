/**
 * The embedder a first visit starts on when the site publishes a library: the one its manifest
 * names (src/protocol/site-library-manifest.ts), read before any embedder loads. Otherwise the app
 * downloaded its own default first, only to switch to the file's once the file had come; for a
 * site indexed with an embedder it serves itself, that was a download for nothing. Only a library
 * that holds nothing and whose embedder nobody chose (the settings, or the page's address) takes
 * it; a visitor's own documents keep their embedder, as the import would (site-library-import.ts).
 */
import { findModel } from '../../src/models/registry.ts';
import { parseSiteLibraryManifest } from '../../src/protocol/site-library-manifest.ts';

/**
 * How long the start waits for the manifest: a host that does not answer must not hold the
 * library back; the default embedder is loaded then, as before, and the visit reads the manifest again.
 */
const MANIFEST_WAIT_MS = 5000;

export interface SiteEmbedderQuestion {
  /** The manifest's address (the page's site-library.json); none outside a browser. */
  manifestUrl: string | undefined;
  /** Whether the library holds no document at all. */
  empty: boolean;
  /** Whether the embedder was chosen: stored in the settings, or set by the page's address. */
  embedderChosen: () => Promise<boolean>;
  /** The page's `fetch`, or a test's. */
  fetchManifest?: (url: string, init: RequestInit) => Promise<Response>;
}

/**
 * The registered embedder the site's manifest names, when the library should start on it;
 * undefined otherwise, and when the manifest cannot be read (the site visit says why, later).
 */
export async function siteEmbedder(question: SiteEmbedderQuestion): Promise<string | undefined> {
  const { manifestUrl, fetchManifest = (url, init) => fetch(url, init) } = question;
  if (!manifestUrl || !question.empty || (await question.embedderChosen())) return undefined;
  try {
    const response = await fetchManifest(manifestUrl, { signal: AbortSignal.timeout(MANIFEST_WAIT_MS) });
    if (!response.ok) return undefined;
    const { embedder } = parseSiteLibraryManifest(await response.json());
    return embedder !== undefined && findModel(embedder)?.task === 'embedder' ? embedder : undefined;
  } catch {
    return undefined;
  }
}
