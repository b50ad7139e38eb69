/**
 * A library a site publishes with the app (build/site-library.ts): one file made by `loci index`,
 * copied into the build under a name taken from its SHA-256, and `site-library.json` at the
 * build's root naming it. The build writes the manifest, the service worker keeps the file it
 * names (workers/sw/site-library.ts) and the page reads it (src/client/site-library.ts): one
 * shape and one check for the three.
 */

/** The manifest's address, relative to the app's root. */
export const SITE_LIBRARY_MANIFEST = 'site-library.json';
/** The folder of the library file, relative to the app's root. */
export const SITE_LIBRARY_FOLDER = 'site-library/';
export const SITE_LIBRARY_VERSION = 1;
/** Hex digits of the SHA-256 in the file's name: 64 bits, plenty to tell a site's builds apart. */
const NAME_DIGITS = 16;

export interface SiteLibraryManifest {
  /** `site-library/<the first 16 hex digits of sha256>.loci`, relative to the app's root. */
  file: string;
  /** The file's SHA-256, 64 lower-case hex digits. */
  sha256: string;
  /** The file's size in bytes. */
  bytes: number;
  version: typeof SITE_LIBRARY_VERSION;
}

/** A site-library.json that is not one this app can read; `message` says what is wrong. */
export class SiteLibraryManifestError extends Error {
  override name = 'SiteLibraryManifestError';
}

/** The library file's name in the build, from its SHA-256: a new content gets a new name. */
export function siteLibraryFileName(sha256: string): string {
  return `${SITE_LIBRARY_FOLDER}${sha256.slice(0, NAME_DIGITS)}.loci`;
}

/** Whether a path under the app's root is where a library file is published. */
export function isSiteLibraryFile(relativePath: string): boolean {
  return new RegExp(`^${SITE_LIBRARY_FOLDER}[0-9a-f]{${NAME_DIGITS}}\\.loci$`).test(relativePath);
}

/** The manifest in `value` (parsed JSON), checked field by field; throws SiteLibraryManifestError. */
export function parseSiteLibraryManifest(value: unknown): SiteLibraryManifest {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new SiteLibraryManifestError('site-library.json does not hold an object');
  const { file, sha256, bytes, version } = value as Record<string, unknown>;
  if (version !== SITE_LIBRARY_VERSION) throw new SiteLibraryManifestError(`site-library.json is of version ${String(version)}; this app reads version ${SITE_LIBRARY_VERSION}`);
  if (typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(sha256)) throw new SiteLibraryManifestError('site-library.json has no SHA-256 of 64 hex digits');
  if (typeof file !== 'string' || file !== siteLibraryFileName(sha256)) throw new SiteLibraryManifestError(`site-library.json names ${JSON.stringify(file)}, not the file its SHA-256 names`);
  if (typeof bytes !== 'number' || !Number.isSafeInteger(bytes) || bytes < 0) throw new SiteLibraryManifestError('site-library.json gives no size in bytes');
  return { file, sha256, bytes, version };
}
