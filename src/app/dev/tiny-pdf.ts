/**
 * A small but valid PDF built in memory (text in Helvetica, one page per entry), so the fake
 * client can hand the source viewer real bytes for pdf.js to render.
 */

function escapeText(text: string): string {
  return text.replace(/[\\()]/gu, (c) => `\\${c}`).replace(/[^\x20-\x7e]/gu, '?');
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/u)) {
    if (line !== '' && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

export interface PdfLine {
  text: string;
  heading?: boolean;
}

export function tinyPdf(pages: PdfLine[][]): ArrayBuffer {
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1 catalog, 2 page tree, 3 regular font, 4 bold font; pages and contents follow.
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>';
  let next = 5;
  for (const lines of pages) {
    const pageId = next++;
    const contentId = next++;
    pageIds.push(pageId);
    let y = 740;
    let stream = 'BT\n';
    for (const line of lines) {
      const size = line.heading ? 15 : 11;
      for (const piece of wrap(line.text, line.heading ? 60 : 88)) {
        stream += `/${line.heading ? 'F2' : 'F1'} ${size} Tf 1 0 0 1 56 ${y} Tm (${escapeText(piece)}) Tj\n`;
        y -= size + 5;
      }
      y -= 8;
    }
    stream += 'ET';
    objects[pageId] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`;
    objects[contentId] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  }
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;

  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Everything above is ASCII, so string length equals byte length and the offsets hold.
  return new TextEncoder().encode(out).buffer as ArrayBuffer;
}
