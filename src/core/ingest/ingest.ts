import type { Block, Doc, ParsedDocument } from '../types.ts';
import { sha256Hex } from '../util/hash.ts';
import { assemble } from './assemble.ts';
import { identify } from './detect.ts';
import { parseDocx } from './docx.ts';
import { parseEpub } from './epub.ts';
import { IngestError, tooLarge } from './errors.ts';
import { splitFileName } from './file-name.ts';
import { MIME_TYPES, type Format } from './format.ts';
import { parseHtml } from './html.ts';
import { parseImage } from './image.ts';
import { detectLanguage } from './language.ts';
import { parseMarkdown } from './markdown.ts';
import { checkMarkdownDepth } from './markdown-depth.ts';
import { normalizeBlock, normalizeText } from './normalize.ts';
import type { OcrOptions } from './ocr-pages.ts';
import { parsePdf } from './pdf.ts';
import { buildToc } from './toc.ts';
import { parseText } from './txt.ts';

export interface IngestOptions {
  /** Largest file accepted, in bytes (default 100 MiB). */
  maxBytes?: number;
  /** Read PDF pages without a usable text layer, and images, by OCR; without it a scan or an image is refused. */
  ocr?: OcrOptions;
  /** Most chunks one document may make (default DEFAULT_MAX_CHUNKS); more are refused before embedding. */
  maxChunks?: number;
}

export const DEFAULT_MAX_BYTES = 100 * 1024 * 1024;

/**
 * A document's chunks are held, embedded and clustered together, so its memory and time grow with
 * their number, not with its bytes: 100 MiB of PDF may be a few hundred pages, 100 MiB of text half
 * a million chunks. The limit is what `loci index` still indexes on a two-core machine in minutes
 * and within its heap (docs/decisions/2026-12-07-reading-models-and-page-measured.md): about a
 * dozen megabytes of English text.
 */
export const DEFAULT_MAX_CHUNKS = 50_000;

/** `encoding`: what a text format was read as (absent for PDF, DOCX and EPUB). */
export type ParseResult = ParsedDocument & { format: Format; mime: string; encoding?: string };

/** Bytes → normalized blocks in reading order, or an IngestError that says what is wrong. */
export async function parseDocument(name: string, bytes: Uint8Array, options: IngestOptions = {}): Promise<ParseResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes.length > maxBytes) {
    throw tooLarge(name, bytes.length, maxBytes);
  }
  if (bytes.length === 0) throw new IngestError(name, 'empty', 'the file is empty');

  const { format, text, encoding } = identify(name, bytes);
  const parsed = await parseWithin(name, format, bytes, text, options.ocr);

  const blocks: Block[] = [];
  for (const block of parsed.blocks) {
    const normalized = normalizeBlock(block);
    if (normalized.text !== '') blocks.push(normalized);
  }
  if (blocks.length === 0) throw new IngestError(name, 'empty', 'the file contains no text');
  // Headings only become the heading paths of the text under them; with no text there is nothing
  // to search, and a document of no chunks would sit in the library as "ready" for nothing.
  if (blocks.every((b) => b.kind === 'heading')) {
    throw new IngestError(name, 'empty', `the file has only headings (${blocks.length}) and no text under them to index`);
  }

  const result: ParseResult = { blocks, format, mime: MIME_TYPES[format] };
  if (encoding !== undefined) result.encoding = encoding;
  const title = parsed.title !== undefined ? normalizeText(parsed.title) : '';
  if (title !== '') result.title = title;
  if (parsed.pageCount !== undefined) result.pageCount = parsed.pageCount;
  if (parsed.scanned !== undefined) result.scanned = parsed.scanned;
  return result;
}

/**
 * The format's parser, with its stack overflow (nesting deeper than a parser's recursion takes,
 * in a shape no depth check foresaw) reported as the file's problem rather than a raw RangeError.
 */
async function parseWithin(name: string, format: Format, bytes: Uint8Array, text: string | undefined, ocr?: OcrOptions): Promise<ParsedDocument> {
  try {
    return await parseFormat(name, format, bytes, text, ocr);
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw new IngestError(name, 'too-deep', 'the file nests its content too deeply to read', { cause: error });
    }
    throw error;
  }
}

function parseFormat(
  name: string,
  format: Format,
  bytes: Uint8Array,
  text: string | undefined,
  ocr: OcrOptions | undefined,
): Promise<ParsedDocument> | ParsedDocument {
  switch (format) {
    case 'pdf':
      return parsePdf(name, bytes, ocr);
    case 'docx':
      return parseDocx(name, bytes);
    case 'epub':
      return parseEpub(name, bytes);
    case 'html':
      // XHTML (an XML declaration first) has self-closing tags that HTML parsing would leave open.
      return parseHtml(text ?? '', { xhtml: /^\s*<\?xml/.test(text ?? '') });
    case 'md':
      checkMarkdownDepth(name, text ?? '');
      return parseMarkdown(text ?? '');
    case 'txt':
      return parseText(text ?? '');
    case 'png':
    case 'jpeg':
    case 'webp':
      return parseImage(name, bytes, ocr);
  }
}

/** Bytes → a Doc: normalized text, placed blocks, table of contents, language; id = SHA-256 of the bytes. */
export async function ingest(name: string, bytes: Uint8Array, options: IngestOptions & { id?: string } = {}): Promise<Doc> {
  const parsed = await parseDocument(name, bytes, options);
  const { text, blocks } = assemble(parsed.blocks);
  const doc: Doc = {
    // A caller that already hashed the bytes (to look the document up) passes the id along.
    id: options.id ?? (await sha256Hex(bytes)),
    name,
    mime: parsed.mime,
    size: bytes.length,
    title: parsed.title ?? splitFileName(name).stem,
    language: detectLanguage(text),
    text,
    blocks,
    toc: buildToc(text, blocks),
  };
  if (parsed.pageCount !== undefined) doc.pageCount = parsed.pageCount;
  if (parsed.scanned !== undefined) doc.scanned = parsed.scanned;
  // said only when it is not the usual: a person should see that a file was read as GBK
  if (parsed.encoding !== undefined && parsed.encoding !== 'utf-8') doc.encoding = parsed.encoding;
  return doc;
}
