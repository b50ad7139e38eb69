/**
 * Which lines OCR read rather than guessed. On a page with no writing on it (a drawing, a photo
 * out of focus, marks shaped like words) the recogniser still puts characters to every box the
 * detector finds ("三 T 一一三号 中E"), and only its confidence tells them from text.
 */

/**
 * Lines the recogniser is less sure of than this are dropped: bench:ocr's real pages, clean and
 * degraded, against pages of word-shaped noise, each threshold's cost in the
 * [record](../../../docs/decisions/2026-12-07-reading-models-and-page-measured.md#reading-documents).
 * Past 0.8 real text goes fast for little more noise. What 0.8 leaves of the noise are strings of
 * symbols read off marks like + and =, and 三 read off three parallel rules, of which the
 * recogniser is as sure as of print.
 */
export const MIN_LINE_CONFIDENCE = 0.8;

export function readableLines<Line extends { confidence: number }>(boxes: readonly Line[], min = MIN_LINE_CONFIDENCE): Line[] {
  return boxes.filter((b) => b.confidence >= min);
}
