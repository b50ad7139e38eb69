/**
 * The bytes of a small PDF for tests, from its objects: object n + 1 is `objects[n]` (pieces of
 * text and bytes written one after the other), object 1 is the catalog, and the cross-reference
 * table is counted from what was written. The image-only scans (image-pdf.ts) and the padded
 * text PDFs (padded-pdf.ts) are both written by it.
 */
export type PdfObject = readonly (string | Uint8Array)[];

export function writePdf(objects: readonly PdfObject[]): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
    parts.push(bytes);
    length += bytes.length;
  };
  push('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n');
  objects.forEach((pieces, i) => {
    offsets.push(length);
    push(`${i + 1} 0 obj\n`);
    for (const piece of pieces) push(piece);
    push('\nendobj\n');
  });
  const xref = length;
  const count = objects.length + 1;
  push(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (const offset of offsets) push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
