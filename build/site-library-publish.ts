/**
 * A library the site publishes with the app: `LOCI_SITE_LIBRARY=path/to/file npm run build`, or a
 * file at `public/library.loci` when no path is given. The file (made by `loci index --out FILE`,
 * read once, checked, and written from those bytes) goes into the build as
 * `site-library/<sha256 prefix>.loci`, and `site-library.json` at the build's root names it
 * (src/protocol/site-library-manifest.ts). The build stops, naming the file and the reason, on a file that
 * is damaged, not a Loci library file, or indexed with a test model: visitors would be refused it,
 * or search with a model whose answers mean nothing. A name that
 * changes with the content lets the service worker keep the file by its name and never ask again
 * (workers/sw/site-library-offline.ts). No file, no manifest: the app opens with an empty library.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { decodeIndex, IndexFormatError } from '../src/core/stored-index/binary-format.ts';
import { findModel } from '../src/models/registry.ts';
import { SITE_LIBRARY_MANIFEST, SITE_LIBRARY_VERSION, siteLibraryFileName, type SiteLibraryManifest } from '../src/protocol/site-library-manifest.ts';

/** The file's name in the public folder; the build's plain copy of it is removed, the hashed one kept. */
export const PUBLIC_SITE_LIBRARY = 'library.loci';

/** LOCI_SITE_LIBRARY names a file that is not there: the build stops rather than publish none. */
export class SiteLibraryNotFoundError extends Error {
  override name = 'SiteLibraryNotFoundError';
}

/** The library file cannot be published: damaged, not a Loci library file, or indexed with a test model. */
export class SiteLibraryRefusedError extends Error {
  override name = 'SiteLibraryRefusedError';
}

/**
 * Set to 1 by the tests alone, which publish libraries indexed with the tiny test models: a
 * library so indexed is otherwise refused. Never a default.
 */
export const ALLOW_TEST_MODELS_VARIABLE = 'LOCI_SITE_LIBRARY_ALLOW_TEST_MODELS';

export interface SiteLibraryChecks {
  /** Publish a library indexed with a test model (registry `testFixture`); by default ALLOW_TEST_MODELS_VARIABLE's. */
  allowTestModels?: boolean;
}

/** A library file read once: its bytes, checked, and the manifest naming them. */
export interface SiteLibraryRead {
  bytes: Uint8Array;
  manifest: SiteLibraryManifest;
}

/** The first bytes of a library file ("LOCI"). */
const LIBRARY_FILE_MAGIC = 'LOCI';

/** The file to publish: `given` (LOCI_SITE_LIBRARY), else the public folder's library.loci, else none. */
export function findSiteLibrary(given: string | undefined, publicDir: string): string | undefined {
  if (given) {
    const file = path.resolve(given);
    if (!existsSync(file) || !statSync(file).isFile()) throw new SiteLibraryNotFoundError(`LOCI_SITE_LIBRARY names ${file}, which is not a file`);
    return file;
  }
  const inPublic = publicDir ? path.join(publicDir, PUBLIC_SITE_LIBRARY) : '';
  return inPublic && existsSync(inPublic) ? inPublic : undefined;
}

/**
 * Reads `file` once and checks it as a visitor's app will (every block's checksum), and that its
 * embedder is no test model; SiteLibraryRefusedError names the file and the reason otherwise.
 */
export async function readSiteLibrary(file: string, checks: SiteLibraryChecks = {}): Promise<SiteLibraryRead> {
  const bytes = new Uint8Array(await readFile(file));
  const embedder = await checkSiteLibrary(bytes, file, checks.allowTestModels ?? process.env[ALLOW_TEST_MODELS_VARIABLE] === '1');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { bytes, manifest: { file: siteLibraryFileName(sha256), sha256, bytes: bytes.length, version: SITE_LIBRARY_VERSION, embedder } };
}

/** The embedder the file was indexed with, once the file is found fit to publish. */
async function checkSiteLibrary(bytes: Uint8Array, file: string, allowTestModels: boolean): Promise<string> {
  const refuse = (reason: string) => new SiteLibraryRefusedError(`The site's library ${file} cannot be published: ${reason}.`);
  if (new TextDecoder().decode(bytes.subarray(0, LIBRARY_FILE_MAGIC.length)) !== LIBRARY_FILE_MAGIC) {
    throw refuse('it is not a Loci library file (make one with `loci index … --out FILE`; an older export converts with `loci convert`)');
  }
  let embedder: string;
  try {
    const snapshot = await decodeIndex(bytes);
    const damage = snapshot.damage ?? [];
    if (damage.length > 0) throw refuse(`it is damaged (checksum mismatch) in ${damage.map((d) => `${d.name} (${d.parts.join(', ')})`).join('; ')}; index the documents again`);
    if (!snapshot.manifest) throw refuse('it holds no index');
    embedder = snapshot.manifest.embedder.id;
  } catch (error) {
    if (error instanceof IndexFormatError) throw refuse(`it cannot be read: ${error.message}`);
    throw error;
  }
  if (findModel(embedder)?.testFixture && !allowTestModels) {
    throw refuse(`it was indexed with ${embedder}, a test model whose search means nothing; index it with a real embedder (--embedder Xenova/multilingual-e5-small, or use-lite-en)`);
  }
  return embedder;
}

/**
 * Publishes `file` into the built site at `outDir`, checked (readSiteLibrary): the copy under its
 * hashed name, then the manifest naming it (replacing one a former version wrote), so a reader
 * never sees a manifest naming a file not there yet. Returns the manifest.
 */
export async function publishSiteLibrary(file: string, outDir: string, checks: SiteLibraryChecks = {}): Promise<SiteLibraryManifest> {
  const read = await readSiteLibrary(file, checks);
  await writeSiteLibrary(read, outDir);
  await writeFile(path.join(outDir, SITE_LIBRARY_MANIFEST), siteLibraryManifestText(read.manifest));
  return read.manifest;
}

/** The manifest as the site serves it. */
function siteLibraryManifestText(manifest: SiteLibraryManifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

// Written, not emitted: the bundle would hold another copy of the whole file.
async function writeSiteLibrary({ bytes, manifest }: SiteLibraryRead, outDir: string): Promise<void> {
  await mkdir(path.dirname(path.join(outDir, manifest.file)), { recursive: true });
  await writeFile(path.join(outDir, manifest.file), bytes);
}

/** `file`: the library to publish; by default LOCI_SITE_LIBRARY's, read when the build starts. */
export function siteLibrary(options: { file?: string } & SiteLibraryChecks = {}): Plugin {
  let publicDir = '';
  let outDir = '';
  let read: SiteLibraryRead | undefined;
  return {
    name: 'loci-site-library',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async buildStart() {
      const source = findSiteLibrary(options.file ?? process.env.LOCI_SITE_LIBRARY, publicDir);
      read = source ? await readSiteLibrary(source, options) : undefined;
    },
    generateBundle() {
      if (read) this.emitFile({ type: 'asset', fileName: SITE_LIBRARY_MANIFEST, source: siteLibraryManifestText(read.manifest) });
    },
    async writeBundle() {
      if (read) await writeSiteLibrary(read, outDir);
      // Vite copies the public folder as it is; the library is published under its hashed name only.
      await rm(path.join(outDir, PUBLIC_SITE_LIBRARY), { force: true });
    },
  };
}
