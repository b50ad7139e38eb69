/**
 * An image's size in pixels from its header alone, before anything is decoded: a 20,000 × 20,000
 * photo would be gigabytes of RGBA, so its size decides whether, and how small, it is decoded at all.
 * PNG (IHDR), JPEG (the first start-of-frame marker) and WebP (lossy VP8, lossless VP8L, extended VP8X).
 */

export type ImageFormat = 'png' | 'jpeg' | 'webp';

export interface ImageSize {
  width: number;
  height: number;
}

/** The format its bytes start with, or undefined when they carry no image signature. */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | undefined {
  const at = (offset: number, text: string) => [...text].every((c, i) => bytes[offset + i] === c.charCodeAt(0));
  if (bytes[0] === 0x89 && at(1, 'PNG\r\n\x1a\n')) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (at(0, 'RIFF') && at(8, 'WEBP')) return 'webp';
  return undefined;
}

/** Width and height, or undefined when the header is missing or damaged. */
export function imageSize(bytes: Uint8Array): ImageSize | undefined {
  const size = readSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

function readSize(bytes: Uint8Array): ImageSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    switch (imageFormatOf(bytes)) {
      case 'png':
        // the first chunk must be the header: a signature before random bytes is no image
        return String.fromCharCode(...bytes.subarray(12, 16)) === 'IHDR' ? { width: view.getUint32(16), height: view.getUint32(20) } : undefined;
      case 'jpeg':
        return jpegSize(bytes, view);
      case 'webp':
        return webpSize(bytes, view);
      default:
        return undefined;
    }
  } catch {
    return undefined; // a header cut short (DataView's RangeError)
  }
}

// Start-of-frame markers C0–CF, except C4 (Huffman tables), C8 (reserved) and CC (arithmetic coding).
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  let i = 2;
  while (i + 3 < bytes.length) {
    if (bytes[i] !== 0xff) return undefined;
    const marker = bytes[i + 1];
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (isStartOfFrame(marker)) return { height: view.getUint16(i + 5), width: view.getUint16(i + 7) };
    // markers without a length: TEM and the restart markers
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image, or scan data before any frame
    i += 2 + view.getUint16(i + 2);
  }
  return undefined;
}

function webpSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  const chunk = String.fromCharCode(bytes[12], bytes[13], bytes[14], bytes[15]);
  // each form's own signature first: a lossy frame's start code, a lossless stream's 0x2f
  if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return undefined;
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return undefined;
    const [b0, b1, b2, b3] = [bytes[21], bytes[22], bytes[23], bytes[24]];
    return { width: 1 + (((b1 & 0x3f) << 8) | b0), height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)) };
  }
  if (chunk === 'VP8X') {
    const u24 = (offset: number) => bytes[offset] | (bytes[offset + 1] << 8) | (bytes[offset + 2] << 16);
    return { width: 1 + u24(24), height: 1 + u24(27) };
  }
  return undefined;
}
