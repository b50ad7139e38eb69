import { strFromU8, unzipSync } from 'fflate';
import { decodeText } from './decode.ts';
import { IngestError } from './errors.ts';
import { splitFileName } from './file-name.ts';
import type { Format } from './format.ts';
import { imageFormatOf } from './image-size.ts';

/**
 * What format a file is in. The bytes decide first (a PDF is a PDF whatever its name); the name's
 * extension decides only when the bytes carry no signature, and a text format must really be text.
 */

const EXTENSIONS: Record<string, Format> = {
  pdf: 'pdf',
  docx: 'docx',
  epub: 'epub',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  xht: 'html',
  md: 'md',
  markdown: 'md',
  mdown: 'md',
  mkd: 'md',
  txt: 'txt',
  text: 'txt',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  jpe: 'jpeg',
  webp: 'webp',
};

const SUPPORTED = 'PDF, Word (DOCX), EPUB, HTML, Markdown, plain text and images (PNG, JPEG, WebP)';
// PDF readers accept a header that follows some junk, within the first kilobyte.
const PDF_HEADER_WINDOW = 1024;

/** The format, plus the decoded text and its encoding when it is a text format (decoded only once). */
export interface Identified {
  format: Format;
  text?: string;
  encoding?: string;
}

export function identify(name: string, bytes: Uint8Array): Identified {
  if (hasPdfHeader(bytes)) return { format: 'pdf' };
  const image = imageFormatOf(bytes);
  if (image) return { format: image };
  const ext = splitFileName(name).extension.toLowerCase();
  const byName = EXTENSIONS[ext];
  if (isZip(bytes)) {
    const zipped = zipFormat(bytes);
    if (zipped) return { format: zipped };
    // A damaged DOCX/EPUB still deserves "damaged", which its parser will say.
    if (byName === 'docx' || byName === 'epub') return { format: byName };
    throw new IngestError(name, 'unsupported', `this ZIP archive is not a Word document or an EPUB book; supported formats are ${SUPPORTED}`);
  }
  if (isOleCompound(bytes)) {
    throw new IngestError(name, 'unsupported', `old Office formats (.doc, .xls, .ppt) are not supported; save the file as .docx or PDF`);
  }
  // a binary format named so: its parser says what is wrong with the bytes
  if (byName === 'pdf' || byName === 'docx' || byName === 'epub' || byName === 'png' || byName === 'jpeg' || byName === 'webp') return { format: byName };
  const decoded = decodeText(bytes);
  if (decoded === undefined) {
    const detail = byName
      ? `the file is named .${ext} but holds binary data, not text`
      : `this file type is not supported; supported formats are ${SUPPORTED}`;
    throw new IngestError(name, 'unsupported', detail);
  }
  const { text, encoding } = decoded;
  if (byName) return { format: byName, text, encoding };
  return { format: looksLikeHtml(text) ? 'html' : 'txt', text, encoding };
}

function hasPdfHeader(bytes: Uint8Array): boolean {
  const window = bytes.subarray(0, PDF_HEADER_WINDOW);
  for (let i = 0; i + 5 <= window.length; i++) {
    if (window[i] === 0x25 && window[i + 1] === 0x50 && window[i + 2] === 0x44 && window[i + 3] === 0x46 && window[i + 4] === 0x2d) {
      return true;
    }
  }
  return false;
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function isOleCompound(bytes: Uint8Array): boolean {
  const magic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  return magic.every((b, i) => bytes[i] === b);
}

/** docx or epub from the archive's entries, or undefined when it is neither or unreadable. */
function zipFormat(bytes: Uint8Array): Format | undefined {
  const names = new Set<string>();
  let files: Record<string, Uint8Array>;
  try {
    // Only the tiny `mimetype` entry is inflated; the rest are just listed.
    files = unzipSync(bytes, {
      filter: (file) => {
        names.add(file.name);
        // its declared size bounds what fflate unpacks: a real one is 20 bytes
        return file.name === 'mimetype' && file.originalSize <= 1024;
      },
    });
  } catch {
    return undefined;
  }
  if (names.has('word/document.xml')) return 'docx';
  const mimetype = files['mimetype'];
  if (mimetype && strFromU8(mimetype).trim() === 'application/epub+zip') return 'epub';
  return undefined;
}

function looksLikeHtml(text: string): boolean {
  return /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html[\s>])/i.test(text);
}
