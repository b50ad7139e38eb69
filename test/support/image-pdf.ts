/**
 * Image-only PDFs for tests, the shape of a scan: real pages drawn to pixels (pdf.js and
 * @napi-rs/canvas), each wrapped as one JPEG image filling a page of the same size, no text layer.
 */
import { createCanvas, ImageData } from '@napi-rs/canvas';
import type { RenderedPage } from '../../src/core/ports.ts';
import { nodePdfRenderer } from '../../src/models/ocr-node.ts';
import { writePdf, type PdfObject } from './pdf-writer.ts';

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
  const pageIds = images.map((_, i) => 3 + 3 * i);
  const objects: PdfObject[] = [
    ['<< /Type /Catalog /Pages 2 0 R >>'],
    [`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${images.length} >>`],
  ];
  images.forEach((image, i) => {
    const [imageId, contentId] = [pageIds[i] + 1, pageIds[i] + 2];
    const w = image.width / pixelsPerPoint;
    const h = image.height / pixelsPerPoint;
    const jpeg = encodeImage(image, 'jpeg');
    const content = `q ${w.toFixed(2)} 0 0 ${h.toFixed(2)} 0 0 cm /Im0 Do Q`;
    objects.push(
      [`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w.toFixed(2)} ${h.toFixed(2)}] /Resources << /XObject << /Im0 ${imageId} 0 R >> >> /Contents ${contentId} 0 R >>`],
      [
        `<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
        jpeg,
        '\nendstream',
      ],
      [`<< /Length ${content.length} >>\nstream\n${content}\nendstream`],
    );
  });
  return writePdf(objects);
}
