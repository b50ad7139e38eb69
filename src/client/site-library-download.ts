/**
 * Whether the site that serves the app publishes a library of its own (src/protocol/site-library-manifest.ts):
 * its manifest, read through the service worker, which answers offline with the last one the site
 * gave (workers/sw/site-library-offline.ts).
 */
import {
  SITE_LIBRARY_MANIFEST,
  SiteLibraryBytesError,
  SiteLibraryManifestError,
  checkSiteLibraryBytes,
  looksLikeWebPage,
  parseSiteLibraryManifest,
  type SiteLibraryManifest,
} from '../protocol/site-library-manifest.ts';

export { SiteLibraryBytesError, SiteLibraryManifestError, type SiteLibraryManifest };

/** The site could not be asked, or answered with an error other than "there is none". */
export class SiteLibraryUnavailableError extends Error {
  override name = 'SiteLibraryUnavailableError';
}

/** The part of `fetch` this needs, so a test can answer for the site. */
export type FetchManifest = (url: string) => Promise<Response>;

/**
 * The site's library manifest, or null when the site publishes none: a 404, or a web page in its
 * place (a host serving a single-page app answers every missing path with its index.html, so a
 * site without a library says so that way). Throws SiteLibraryManifestError when it is malformed,
 * SiteLibraryUnavailableError when it cannot be read.
 */
export async function readSiteLibraryManifest(fetchManifest: FetchManifest = (url) => fetch(url)): Promise<SiteLibraryManifest | null> {
  let response: Response;
  try {
    response = await fetchManifest(`./${SITE_LIBRARY_MANIFEST}`);
  } catch (error) {
    throw new SiteLibraryUnavailableError(`${SITE_LIBRARY_MANIFEST} could not be fetched`, { cause: error });
  }
  if (response.status === 404) return null;
  if (!response.ok) throw new SiteLibraryUnavailableError(`${SITE_LIBRARY_MANIFEST} answered ${response.status}`);
  const text = await response.text();
  if (looksLikeWebPage(new TextEncoder().encode(text.slice(0, HEAD_BYTES)))) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SiteLibraryManifestError(`${SITE_LIBRARY_MANIFEST} is not JSON`, { cause: error });
  }
  return parseSiteLibraryManifest(value);
}

/** How many of the first bytes received are kept to tell a web page from a library file. */
const HEAD_BYTES = 64;

/** How much of the site's library file has come: bytes received of the manifest's size. */
export interface DownloadProgress {
  received: number;
  total: number;
}

/**
 * The file `manifest` names, read as it streams in (`onProgress` after each piece) and checked:
 * its size, then its SHA-256 (SiteLibraryBytesError says which is wrong). Throws
 * SiteLibraryUnavailableError when the site cannot be asked or answers with an error.
 */
export async function downloadSiteLibrary(
  manifest: SiteLibraryManifest,
  onProgress: (progress: DownloadProgress) => void,
  fetchFile: FetchManifest = (url) => fetch(url),
): Promise<Uint8Array<ArrayBuffer>> {
  let response: Response;
  try {
    response = await fetchFile(`./${manifest.file}`);
  } catch (error) {
    throw new SiteLibraryUnavailableError(`${manifest.file} could not be fetched`, { cause: error });
  }
  if (!response.ok || !response.body) throw new SiteLibraryUnavailableError(`${manifest.file} answered ${response.status}`);
  // One buffer of the announced size; a file longer than that is no file the manifest describes.
  const bytes = new Uint8Array(manifest.bytes);
  let received = 0;
  let overflow = false;
  // the first bytes, whatever the size: a web page in the file's place says so by them
  const head: number[] = [];
  const reader = response.body.getReader();
  onProgress({ received, total: manifest.bytes });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (head.length < HEAD_BYTES) head.push(...value.subarray(0, HEAD_BYTES - head.length));
    if (received + value.length > bytes.length) {
      overflow = true;
      received += value.length;
      continue;
    }
    bytes.set(value, received);
    received += value.length;
    onProgress({ received, total: manifest.bytes });
  }
  if (overflow && looksLikeWebPage(new Uint8Array(head))) throw new SiteLibraryBytesError('page', "the site answered with a web page, not its library file");
  if (overflow) throw new SiteLibraryBytesError('size', `the site's library file has ${received} bytes; its manifest says ${manifest.bytes}`);
  await checkSiteLibraryBytes(bytes.subarray(0, received), manifest);
  return bytes;
}

/**
 * Resolves once the service worker controls the page, so the manifest and the file go through it
 * and are kept for offline use (workers/sw/site-library-offline.ts): on a first visit it is still
 * installing. At once when there is none to wait for (no service worker registered, as under the
 * dev server), and after `timeoutMs` at most: the library is then brought in all the same, only
 * not kept offline until the next visit reads it.
 */
export async function whenServiceWorkerControls(timeoutMs = 60_000): Promise<void> {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container || container.controller) return;
  if (!(await container.getRegistration())) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      container.removeEventListener('controllerchange', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    container.addEventListener('controllerchange', done);
    if (container.controller) done();
  });
}
