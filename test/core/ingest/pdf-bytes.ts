/**
 * Hand-made PDFs for error tests: objects are laid out with a correct cross-reference table, so
 * pdf.js reads the structure and fails (or not) for the reason the test intends.
 */

export function buildPdf(objects: string[], trailerExtra = ''): Uint8Array {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';

/** One page showing `text` in Helvetica (ASCII only), or no content at all when text is empty. */
export function textPdf(text: string): Uint8Array {
  if (text === '') {
    return buildPdf([CATALOG, PAGES, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>']);
  }
  const stream = `BT /F1 12 Tf 20 100 Td (${text}) Tj ET`;
  return buildPdf([
    CATALOG,
    PAGES,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/**
 * A PDF with a standard security handler (RC4-40, revision 2) whose /O and /U are arbitrary bytes:
 * the empty user password cannot match /U, so a reader has to ask for a password.
 */
export function encryptedPdf(): Uint8Array {
  const o = '7a'.repeat(16) + '3c'.repeat(16);
  const u = '91'.repeat(16) + '5e'.repeat(16);
  const id = '0123456789abcdef0123456789abcdef';
  return buildPdf(
    [CATALOG, PAGES, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>', `<< /Filter /Standard /V 1 /R 2 /O <${o}> /U <${u}> /P -4 >>`],
    `/Encrypt 4 0 R /ID [<${id}> <${id}>] `,
  );
}
