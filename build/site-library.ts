/**
 * A library the site publishes with the app: `LOCI_SITE_LIBRARY=path/to/file npm run build`, or a
 * file at `public/library.loci` when no path is given. The file (made by `loci index --out FILE`,
 * copied here as opaque bytes) goes into the build as `site-library/<sha256 prefix>.loci`, and
 * `site-library.json` at the build's root names it (src/protocol/site-library.ts). A name that
 * changes with the content lets the service worker keep the file by its name and never ask again
 * (workers/sw/site-library.ts). No file, no manifest: the app opens with an empty library.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { SITE_LIBRARY_MANIFEST, SITE_LIBRARY_VERSION, siteLibraryFileName, type SiteLibraryManifest } from '../src/protocol/site-library.ts';

/** The file's name in the public folder; the build's plain copy of it is removed, the hashed one kept. */
export const PUBLIC_SITE_LIBRARY = 'library.loci';

/** LOCI_SITE_LIBRARY names a file that is not there: the build stops rather than publish none. */
export class SiteLibraryNotFoundError extends Error {
  override name = 'SiteLibraryNotFoundError';
}

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

/** The manifest of `file`, read as a stream: a library may be larger than is worth holding in memory. */
export async function describeSiteLibrary(file: string): Promise<SiteLibraryManifest> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  const sha256 = hash.digest('hex');
  return { file: siteLibraryFileName(sha256), sha256, bytes, version: SITE_LIBRARY_VERSION };
}

/**
 * Publishes `file` into the built site at `outDir`: the copy under its hashed name, then the
 * manifest naming it (replacing one a former version wrote), so a reader never sees a manifest
 * naming a file not there yet. `manifest`: the file's, when described already. Returns it.
 */
export async function publishSiteLibrary(file: string, outDir: string, manifest?: SiteLibraryManifest): Promise<SiteLibraryManifest> {
  const described = manifest ?? (await describeSiteLibrary(file));
  await copySiteLibrary(file, outDir, described);
  await writeFile(path.join(outDir, SITE_LIBRARY_MANIFEST), siteLibraryManifestText(described));
  return described;
}

/** The manifest as the site serves it. */
function siteLibraryManifestText(manifest: SiteLibraryManifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

// Copied, not emitted: the bundle would hold the whole file in memory.
async function copySiteLibrary(file: string, outDir: string, manifest: SiteLibraryManifest): Promise<void> {
  await mkdir(path.dirname(path.join(outDir, manifest.file)), { recursive: true });
  await copyFile(file, path.join(outDir, manifest.file));
}

/** `file`: the library to publish; by default LOCI_SITE_LIBRARY's, read when the build starts. */
export function siteLibrary(options: { file?: string } = {}): Plugin {
  let publicDir = '';
  let outDir = '';
  let source: string | undefined;
  let manifest: SiteLibraryManifest | undefined;
  return {
    name: 'loci-site-library',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async buildStart() {
      source = findSiteLibrary(options.file ?? process.env.LOCI_SITE_LIBRARY, publicDir);
      manifest = source ? await describeSiteLibrary(source) : undefined;
    },
    generateBundle() {
      if (manifest) this.emitFile({ type: 'asset', fileName: SITE_LIBRARY_MANIFEST, source: siteLibraryManifestText(manifest) });
    },
    async writeBundle() {
      if (source && manifest) await copySiteLibrary(source, outDir, manifest);
      // Vite copies the public folder as it is; the library is published under its hashed name only.
      await rm(path.join(outDir, PUBLIC_SITE_LIBRARY), { force: true });
    },
  };
}
