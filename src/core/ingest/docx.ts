import type { ParsedDocument } from '../types.ts';
import { corrupt } from './errors.ts';
import { parseHtml } from './html.ts';
import { checkZipBounds } from './zip-bounds.ts';

/**
 * DOCX → mammoth's semantic HTML (Heading n → <hn>, lists → <li>, tables → <tr>) → blocks.
 * Images are replaced by empty <img> tags: their bytes are never text and base64-encoding them
 * would only cost time.
 */
export async function parseDocx(file: string, bytes: Uint8Array): Promise<ParsedDocument> {
  // mammoth reads the XML parts and relationships; media stay packed
  checkZipBounds(file, 'docx', bytes, (name) => /\.(?:xml|rels)$/i.test(name));
  // mammoth's Node build reads `buffer` and its browser build `arrayBuffer`; JSZip accepts either.
  const input = { arrayBuffer: bytes.slice().buffer, buffer: bytes } as unknown as { arrayBuffer: ArrayBuffer };
  // loaded with the first DOCX: it is most of the engine worker's code, which every start compiled
  const { default: mammoth } = await import('mammoth');
  let html: string;
  try {
    const result = await mammoth.convertToHtml(input, {
      convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
    });
    html = result.value;
  } catch (error) {
    throw corrupt(file, 'docx', error);
  }
  return parseHtml(html);
}
