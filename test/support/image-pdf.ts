/**
 * Image-only PDFs for tests, the shape of a scan: real pages drawn to pixels (pdf.js and
 * @napi-rs/canvas), each wrapped as one JPEG image filling a page of the same size, no text layer.
 */
import { createCanvas, ImageData } from '@napi-rs/canvas';
import type { RenderedPage } from '../../src/core/ports.ts';
import { nodePdfRenderer } from '../../src/models/ocr-node.ts';

/** Draws pages of `pdf` (1-based numbers) at `scale`. */
export async function drawPages(pdf: Uint8Array, pages: number[], scale: number): Promise<RenderedPage[]> {
  const doc = await nodePdfRenderer().open(pdf);
  try {
    const out: RenderedPage[] = [];
    for (const p of pages) out.push(await doc.render(p, scale));
    return out;
  } finally {
    await doc.close();
  }
}

/** A drawn page as an image file: a PNG, or a JPEG at quality 90. */
export function encodeImage(page: RenderedPage, format: 'png' | 'jpeg'): Uint8Array {
  const canvas = createCanvas(page.width, page.height);
  canvas.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(page.data), page.width, page.height), 0, 0);
  return new Uint8Array(format === 'png' ? canvas.encodeSync('png') : canvas.encodeSync('jpeg', 90));
}

/** The top `rows` rows of a drawn page. */
export function topOf(page: RenderedPage, rows: number): RenderedPage {
  const height = Math.min(rows, page.height);
  return { ...page, height, data: page.data.slice(0, page.width * height * 4) };
}

/**
 * A PDF of one JPEG image a page, scanned at `pixelsPerPoint` (2 = 144 dpi): each page is
 * image.width / pixelsPerPoint points wide, so OCR drawing it at that scale sees the image 1:1.
 */
export function imageOnlyPdf(images: readonly RenderedPage[], pixelsPerPoint = 2): Uint8Array {
  const parts: (string | Uint8Array)[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? new TextEncoder().encode(part) : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (id: number, body: string | (string | Uint8Array)[]) => {
    offsets[id] = length;
    push(`${id} 0 obj\n`);
    for (const piece of typeof body === 'string' ? [body] : body) push(piece);
    push('\nendobj\n');
  };
  push('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n');
  const pageIds = images.map((_, i) => 3 + 3 * i);
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${images.length} >>`);
  images.forEach((image, i) => {
    const [pageId, imageId, contentId] = [pageIds[i], pageIds[i] + 1, pageIds[i] + 2];
    const w = image.width / pixelsPerPoint;
    const h = image.height / pixelsPerPoint;
    const jpeg = encodeImage(image, 'jpeg');
    const content = `q ${w.toFixed(2)} 0 0 ${h.toFixed(2)} 0 0 cm /Im0 Do Q`;
    object(pageId, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w.toFixed(2)} ${h.toFixed(2)}] /Resources << /XObject << /Im0 ${imageId} 0 R >> >> /Contents ${contentId} 0 R >>`);
    object(imageId, [
      `<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
      jpeg,
      '\nendstream',
    ]);
    object(contentId, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  });
  const xref = length;
  const count = 3 + 3 * images.length;
  push(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let id = 1; id < count; id++) push(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part as Uint8Array, at);
    at += (part as Uint8Array).length;
  }
  return out;
}
