/**
 * Why a file could not be turned into a document. The message is meant for the person who dropped
 * the file in: it names the file and says what is wrong in plain words.
 */

export type IngestErrorReason = 'corrupt' | 'encrypted' | 'empty' | 'too-large' | 'too-deep' | 'unsupported';

export class IngestError extends Error {
  readonly file: string;
  readonly reason: IngestErrorReason;

  constructor(file: string, reason: IngestErrorReason, detail: string, options?: { cause?: unknown }) {
    super(`${file}: ${detail}`, options);
    this.name = 'IngestError';
    this.file = file;
    this.reason = reason;
  }
}

const FORMAT_NAMES: Record<string, string> = {
  pdf: 'PDF',
  docx: 'Word (DOCX) document',
  epub: 'EPUB book',
  html: 'HTML page',
  md: 'Markdown file',
  txt: 'text file',
  png: 'PNG image',
  jpeg: 'JPEG image',
  webp: 'WebP image',
};

/** The file claims a format but its bytes do not hold one. */
export function corrupt(file: string, format: string, cause?: unknown): IngestError {
  const what = FORMAT_NAMES[format] ?? format;
  return new IngestError(file, 'corrupt', `the file is not a valid ${what} (it may be damaged)`, { cause });
}

/** The file is within the size limit but makes more chunks than one document may have. */
export function tooManyChunks(file: string, chunks: number, maxChunks: number): IngestError {
  const n = (x: number) => x.toLocaleString('en-US');
  return new IngestError(file, 'too-large', `the file makes ${n(chunks)} chunks, more than the ${n(maxChunks)} one document may have; split it into smaller files, or raise the limit`);
}

/** The file is over the size limit, said in units a person reads. */
export function tooLarge(file: string, size: number, maxBytes: number): IngestError {
  return new IngestError(file, 'too-large', `the file is too large (${megabytes(size)}; the limit is ${megabytes(maxBytes)})`);
}

/** A size in the unit a person reads: "120 MB", "2.5 MB", "3 KB". */
export function megabytes(n: number): string {
  const mb = n / (1024 * 1024);
  return mb >= 10 ? `${Math.round(mb)} MB` : mb >= 0.1 ? `${mb.toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;
}

export function isIngestError(error: unknown): error is IngestError {
  return error instanceof IngestError;
}
