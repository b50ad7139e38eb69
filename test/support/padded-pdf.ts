/**
 * A one-page text PDF that weighs megabytes: its text in Helvetica, and beside it a stream of
 * seeded random bytes that nothing refers to (readers skip an object no page uses, and random
 * bytes do not compress). A test that needs a document to take room in storage, and not minutes
 * of indexing, drops one of these instead of a 10-K.
 */

/** The PDF: `lines` of text on its page, then `padding` random bytes from `seed`. */
export function paddedTextPdf(lines: readonly string[], padding: number, seed: number): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (id: number, ...body: (string | Uint8Array)[]) => {
    offsets[id] = length;
    push(`${id} 0 obj\n`);
    for (const piece of body) push(piece);
    push('\nendobj\n');
  };
  // PDF strings escape their delimiters and the backslash
  const text = lines.map((line, i) => `1 0 0 1 72 ${720 - 16 * i} Tm (${line.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj`).join('\n');
  const content = `BT /F1 11 Tf\n${text}\nET`;

  push('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>');
  object(4, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  object(5, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  object(6, `<< /Length ${padding} >>\nstream\n`, randomBytes(padding, seed), '\nendstream');

  const xref = length;
  push(`xref\n0 7\n0000000000 65535 f \n`);
  for (let id = 1; id < 7; id++) push(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size 7 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
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
