/**
 * Where a cited passage stands on a drawn PDF page: the page's text items (pdf.js
 * getTextContent) that hold it, and their boxes over the canvas. Found by text, not stored
 * positions: the assembled document text differs from the page's items only in whitespace
 * (joined lines, removed line breaks), so both are compared without it. A passage that runs onto
 * the next page is matched by its beginning, one that started on the previous page by its end.
 */

import type { ScannedLine } from '../../protocol/vocabulary.ts';

/** One piece of a page's text layer, as pdf.js gives it. */
export interface PageTextItem {
  str: string;
  /** [a, b, c, d, e, f]: the text's matrix in PDF units (pdf.js TextItem.transform). */
  transform: number[];
  /** Advance width in PDF units. */
  width: number;
}

/** A rectangle in CSS pixels over the drawn page. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * A scanned page's OCR'd lines as text items: it has no text layer of its own, so the lines the
 * OCR read (in PDF points, at their baseline) stand in for pdf.js's items, one item a line.
 */
export function scannedItems(lines: readonly ScannedLine[]): PageTextItem[] {
  return lines.map((line) => ({ str: line.text, transform: [line.size, 0, 0, line.size, line.x0, line.y], width: line.x1 - line.x0 }));
}

const squeeze = (text: string) => text.normalize('NFKC').replace(/\s+/gu, '');

/** The shortest beginning or end tried before giving up on a passage. */
const MIN_ANCHOR = 12;

/** Indices of the items that hold `passage` (or the part of it on this page), in page order. */
export function itemsHolding(items: readonly PageTextItem[], passage: string): number[] {
  let flat = '';
  const owner: number[] = [];
  items.forEach((item, i) => {
    const s = squeeze(item.str);
    flat += s;
    for (let k = 0; k < s.length; k++) owner.push(i);
  });
  const needle = squeeze(passage);
  if (needle.length === 0 || flat.length === 0) return [];
  let range = whole(flat, needle);
  for (let anchor = Math.min(48, needle.length); !range && anchor >= MIN_ANCHOR; anchor = Math.floor(anchor / 2)) {
    const start = flat.indexOf(needle.slice(0, anchor));
    const endAt = flat.lastIndexOf(needle.slice(-anchor));
    if (start >= 0) range = [start, endAt >= start ? endAt + anchor : flat.length];
    else if (endAt >= 0) range = [0, endAt + anchor];
  }
  if (!range) return [];
  return [...new Set(owner.slice(range[0], range[1]))];
}

function whole(flat: string, needle: string): [number, number] | undefined {
  const at = flat.indexOf(needle);
  return at >= 0 ? [at, at + needle.length] : undefined;
}

/** pdf.js's matrix product (Util.transform): `m` applied after `n`. */
function multiply(m: readonly number[], n: readonly number[]): number[] {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/**
 * The items' boxes in CSS pixels, through the viewport's transform (device pixels, divided by
 * `pixelRatio`), items on one line joined into one box.
 */
export function itemBoxes(items: readonly PageTextItem[], indices: readonly number[], viewportTransform: readonly number[], pixelRatio: number): Box[] {
  const scale = Math.hypot(viewportTransform[0], viewportTransform[1]);
  const boxes = indices.map((i) => {
    const m = multiply(viewportTransform, items[i].transform);
    const size = Math.hypot(m[2], m[3]);
    // the font size above the baseline, a quarter of it below for descenders
    return { left: m[4] / pixelRatio, top: (m[5] - size) / pixelRatio, width: (items[i].width * scale) / pixelRatio, height: (size * 1.25) / pixelRatio };
  });
  const lines: Box[] = [];
  for (const box of boxes.filter((b) => b.width > 0 && b.height > 0)) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(last.top - box.top) < box.height / 2 && box.left <= last.left + last.width + box.height) {
      const right = Math.max(last.left + last.width, box.left + box.width);
      last.left = Math.min(last.left, box.left);
      last.width = right - last.left;
      last.height = Math.max(last.height, box.height);
    } else lines.push({ ...box });
  }
  return lines;
}
