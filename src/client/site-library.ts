/**
 * Whether the site that serves the app publishes a library of its own (src/protocol/site-library.ts):
 * its manifest, read through the service worker, which answers offline with the last one the site
 * gave (workers/sw/site-library.ts).
 */
import { SITE_LIBRARY_MANIFEST, SiteLibraryManifestError, parseSiteLibraryManifest, type SiteLibraryManifest } from '../protocol/site-library.ts';

export { SiteLibraryManifestError, type SiteLibraryManifest };

/** The site could not be asked, or answered with an error other than "there is none". */
export class SiteLibraryUnavailableError extends Error {
  override name = 'SiteLibraryUnavailableError';
}

/** The part of `fetch` this needs, so a test can answer for the site. */
export type FetchManifest = (url: string) => Promise<Response>;

/**
 * The site's library manifest, or null when the site publishes none (404). Throws
 * SiteLibraryManifestError when it is malformed, SiteLibraryUnavailableError when it cannot be read.
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
  let value: unknown;
  try {
    value = await response.json();
  } catch (error) {
    throw new SiteLibraryManifestError(`${SITE_LIBRARY_MANIFEST} is not JSON`, { cause: error });
  }
  return parseSiteLibraryManifest(value);
}
