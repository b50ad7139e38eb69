/**
 * The `ImageDecoder` of a browser worker: the browser's own decoders (createImageBitmap, which
 * resizes while it decodes) drawn on white on OffscreenCanvas, so a transparent screenshot's text
 * stands on a background OCR can read.
 */
import type { ImageDecoder, RgbaImage } from '../../src/core/ports.ts';

export const bitmapImageDecoder: ImageDecoder = {
  async decode(bytes: Uint8Array, width: number, height: number): Promise<RgbaImage> {
    const bitmap = await createImageBitmap(new Blob([bytes.slice()]), { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' });
    try {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) throw new Error('no 2-D canvas in this worker');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      context.drawImage(bitmap, 0, 0);
      return { width, height, data: context.getImageData(0, 0, width, height).data };
    } finally {
      bitmap.close();
    }
  },
};
