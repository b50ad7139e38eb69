/**
 * A one-page text PDF that weighs megabytes: its text in Helvetica, and beside it a stream of
 * seeded random bytes that nothing refers to (readers skip an object no page uses, and random
 * bytes do not compress). A test that needs a document to take room in storage, and not minutes
 * of indexing, drops one of these instead of a 10-K.
 */
import { writePdf } from './pdf-writer.ts';

/** The PDF: `lines` of text on its page, then `padding` random bytes from `seed`. */
export function paddedTextPdf(lines: readonly string[], padding: number, seed: number): Uint8Array {
  // PDF strings escape their delimiters and the backslash
  const text = lines.map((line, i) => `1 0 0 1 72 ${720 - 16 * i} Tm (${line.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj`).join('\n');
  const content = `BT /F1 11 Tf\n${text}\nET`;
  return writePdf([
    ['<< /Type /Catalog /Pages 2 0 R >>'],
    ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    ['<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>'],
    ['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
    [`<< /Length ${content.length} >>\nstream\n${content}\nendstream`],
    [`<< /Length ${padding} >>\nstream\n`, randomBytes(padding, seed), '\nendstream'],
  ]);
}

/** xorshift32: the same bytes for the same seed, so a file's size and hash are the same every run. */
function randomBytes(count: number, seed: number): Uint8Array {
  const out = new Uint8Array(count);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < count; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}
