import { strFromU8, unzipSync } from 'fflate';
import type { Block, ParsedDocument } from '../types.ts';
import { IngestError, corrupt } from './errors.ts';
import { readContainer, readEncryptedPaths, readPackage } from './epub-package.ts';
import { parseHtml } from './html.ts';
import { checkZipBounds } from './zip-bounds.ts';
import { pushAll } from '../util/push-all.ts';

// Only markup is ever read; images, fonts and styles stay compressed.
const MARKUP = /\.(?:x?html?|xht|xml|opf|ncx)$/i;

/** EPUB → the blocks of its spine documents, in reading order; title from the OPF metadata. */
export function parseEpub(file: string, bytes: Uint8Array): ParsedDocument {
  checkZipBounds(file, 'epub', bytes, (name) => MARKUP.test(name));
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => MARKUP.test(f.name) });
  } catch (error) {
    throw corrupt(file, 'epub', error);
  }
  const text = (path: string): string | undefined => {
    const data = files[path];
    return data ? strFromU8(data) : undefined;
  };

  const container = text('META-INF/container.xml');
  const opfPath = container !== undefined ? readContainer(container) : undefined;
  const opf = opfPath !== undefined ? text(opfPath) : undefined;
  if (opfPath === undefined || opf === undefined) throw corrupt(file, 'epub');
  const pkg = readPackage(opf, opfPath);

  const encryption = text('META-INF/encryption.xml');
  if (encryption !== undefined) {
    const encrypted = readEncryptedPaths(encryption);
    if (pkg.spine.some((p) => encrypted.has(p))) {
      throw new IngestError(file, 'encrypted', 'the book is protected by DRM, so its text cannot be read');
    }
  }

  const blocks: Block[] = [];
  for (const path of pkg.spine) {
    const xhtml = text(path);
    if (xhtml === undefined) continue; // a broken manifest entry: read what is there
    pushAll(blocks, parseHtml(xhtml, { xhtml: true }).blocks);
  }
  const doc: ParsedDocument = { blocks };
  const title = pkg.title ?? blocks.find((b) => b.kind === 'heading')?.text;
  if (title) doc.title = title;
  return doc;
}
