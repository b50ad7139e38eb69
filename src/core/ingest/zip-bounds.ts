/**
 * Bounds for the ZIP-based formats (DOCX, EPUB), checked while inflating, before any parser
 * unpacks an entry whole. A ZIP bomb — a few hundred kilobytes that unpack to gigabytes — is
 * refused once the markup it unpacks passes the limit, having held one slice of it at a time. The
 * sizes an archive declares are not trusted: they can lie, and mammoth's JSZip does not stop at them.
 * (An EPUB's spine documents of hundreds of megabytes used to end in a raw "The encoded data was not valid for
 * encoding utf-8": the string they would make is longer than JavaScript allows.)
 */
import { Unzip, UnzipInflate } from 'fflate';
import { IngestError, megabytes } from './errors.ts';

export interface ZipLimits {
  /** Entries in the archive (a book or document has tens to a few thousand). */
  maxEntries: number;
  /** Bytes of the entries read, once inflated (markup of the longest real books: tens of MB). */
  maxUnzippedBytes: number;
}

export const ZIP_LIMITS: ZipLimits = { maxEntries: 20_000, maxUnzippedBytes: 128 * 1024 * 1024 };

// Compressed bytes fed to the inflater at a time: deflate expands at most ~1,000-fold, so one
// slice never unpacks to more than about a thousand slices' worth.
const SLICE = 16 * 1024;

class LimitReached extends Error {}

const WHAT = { docx: 'Word document', epub: 'book' } as const;

/**
 * Inflates the entries `read` selects, counting their bytes and keeping none, and throws
 * IngestError 'too-large' past a limit. An archive the streaming reader cannot follow is left to
 * the format's own parser to judge.
 */
export function checkZipBounds(file: string, format: 'docx' | 'epub', bytes: Uint8Array, read: (name: string) => boolean, limits: ZipLimits = ZIP_LIMITS): void {
  let entries = 0;
  let unzipped = 0;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (entry) => {
    if (++entries > limits.maxEntries) throw new LimitReached();
    if (!read(entry.name)) return;
    entry.ondata = (error, chunk) => {
      if (error) throw error;
      unzipped += chunk.length;
      if (unzipped > limits.maxUnzippedBytes) throw new LimitReached();
    };
    entry.start();
  };
  try {
    for (let at = 0; at < bytes.length; at += SLICE) unzip.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length);
  } catch (error) {
    if (!(error instanceof LimitReached)) return;
    const detail =
      entries > limits.maxEntries
        ? `the ${WHAT[format]} holds more than ${limits.maxEntries.toLocaleString('en')} files, more than any real one (it may be a ZIP bomb)`
        : `the ${WHAT[format]} unpacks to more than ${megabytes(limits.maxUnzippedBytes)} of text markup, the limit (it may be a ZIP bomb)`;
    throw new IngestError(file, 'too-large', detail);
  }
}
