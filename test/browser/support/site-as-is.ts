/**
 * A site's library put on the host as it is, past the build's checks (build/site-library-publish.ts): what
 * a visitor meets when a file is damaged or replaced after the build, or its manifest written by
 * hand. The build refuses such files; the app must refuse them too, and these tests show it does.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SITE_LIBRARY_MANIFEST, SITE_LIBRARY_VERSION, siteLibraryFileName, type SiteLibraryManifest } from '../../../src/protocol/site-library-manifest.ts';

/** The manifest of `bytes`, as the build would write it. */
export function manifestOf(bytes: Uint8Array): SiteLibraryManifest {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { file: siteLibraryFileName(sha256), sha256, bytes: bytes.length, version: SITE_LIBRARY_VERSION };
}

/**
 * Puts `manifest` in the site at `site`, and `file` under the name it gives (none: the host does
 * not hold the file the manifest names).
 */
export async function placeSiteLibrary(site: string, manifest: unknown, file?: { name: string; bytes: Uint8Array }): Promise<void> {
  if (file) {
    await mkdir(path.dirname(path.join(site, file.name)), { recursive: true });
    await writeFile(path.join(site, file.name), file.bytes);
  }
  await writeFile(path.join(site, SITE_LIBRARY_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}
