import type { ScannedLine } from '../types.ts';
import type { PdfLine } from './pdf-lines.ts';

/** The lines OCR read on a page, as the document keeps them for the page view: text and place only. */
export function scannedLines(lines: readonly PdfLine[]): ScannedLine[] {
  return lines.map(({ text, x0, x1, y, size }) => ({ text, x0, x1, y, size }));
}
