/** The document formats Loci reads, and the MIME type each is recorded under. */

export type Format = 'pdf' | 'docx' | 'epub' | 'html' | 'md' | 'txt' | 'png' | 'jpeg' | 'webp';

export const MIME_TYPES: Record<Format, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  epub: 'application/epub+zip',
  html: 'text/html',
  md: 'text/markdown',
  txt: 'text/plain',
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
