/**
 * A library a site publishes with the app (build/site-library-publish.ts): one file made by `loci index`,
 * copied into the build under a name taken from its SHA-256, and `site-library.json` at the
 * build's root naming it. The build writes the manifest, the service worker keeps the file it
 * names (workers/sw/site-library-offline.ts) and the page reads it (src/client/site-library-download.ts): one
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
  /**
   * The id of the embedder the file was indexed with, so an empty library starts on it rather than
   * download the app's default first; absent from manifests written before it was added.
   */
  embedder?: string;
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
  const { file, sha256, bytes, version, embedder } = value as Record<string, unknown>;
  if (version !== SITE_LIBRARY_VERSION) throw new SiteLibraryManifestError(`site-library.json is of version ${String(version)}; this app reads version ${SITE_LIBRARY_VERSION}`);
  if (typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(sha256)) throw new SiteLibraryManifestError('site-library.json has no SHA-256 of 64 hex digits');
  if (typeof file !== 'string' || file !== siteLibraryFileName(sha256)) throw new SiteLibraryManifestError(`site-library.json names ${JSON.stringify(file)}, not the file its SHA-256 names`);
  if (typeof bytes !== 'number' || !Number.isSafeInteger(bytes) || bytes < 0) throw new SiteLibraryManifestError('site-library.json gives no size in bytes');
  if (embedder !== undefined && (typeof embedder !== 'string' || embedder === '')) throw new SiteLibraryManifestError('site-library.json names its embedder by no id');
  return { file, sha256, bytes, version, ...(embedder === undefined ? {} : { embedder }) };
}

/**
 * What the bytes received are not: the whole file (`size`), the file the manifest names
 * (`sha256`), or a library file at all: a web page (`page`), as a host sends for a file it does
 * not hold when it answers every unknown path with its index.html.
 */
export type SiteLibraryProblem = 'size' | 'sha256' | 'page';

/** The bytes received are not the file the manifest describes: cut short, or changed on the way. */
export class SiteLibraryBytesError extends Error {
  override name = 'SiteLibraryBytesError';
  constructor(
    readonly problem: SiteLibraryProblem,
    message: string,
  ) {
    super(message);
  }
}

/** The SHA-256 of `bytes` in 64 lower-case hex digits (Web Crypto: the page, a worker and Node have it). */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether `bytes` begin as a web page does (a `<` after any white space): a library file begins with "LOCI". */
export function looksLikeWebPage(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart();
  return head.startsWith('<');
}

/**
 * Throws SiteLibraryBytesError unless `bytes` are the file `manifest` describes: a web page in its
 * place says so; then its size
 * (a download cut short says so, rather than as a wrong hash), then its SHA-256.
 */
export async function checkSiteLibraryBytes(bytes: Uint8Array<ArrayBuffer>, manifest: Pick<SiteLibraryManifest, 'sha256' | 'bytes'>): Promise<void> {
  if (looksLikeWebPage(bytes)) throw new SiteLibraryBytesError('page', "the site answered with a web page, not its library file");
  if (bytes.length !== manifest.bytes) throw new SiteLibraryBytesError('size', `the site's library file has ${bytes.length} bytes; its manifest says ${manifest.bytes}`);
  const sha256 = await sha256Hex(bytes);
  if (sha256 !== manifest.sha256) throw new SiteLibraryBytesError('sha256', `the site's library file's SHA-256 is ${sha256}; its manifest says ${manifest.sha256}`);
}

/** What importing a version of the site's library did. */
export interface SiteLibraryImport {
  /** Documents the file holds. */
  documents: number;
  /** The site's documents of the version before that the new one no longer holds, removed. */
  removed: number;
  /** Whether it replaced a version this browser held (an update), rather than being the first. */
  updated: boolean;
  /** The embedder the app switched to for it (the library was empty and used another). */
  switchedEmbedder?: string;
}
