/**
 * Which lines OCR read rather than guessed. On a page with no writing on it (a drawing, a photo
 * out of focus, marks shaped like words) the recogniser still puts characters to every box the
 * detector finds ("三 T 一一三号 中E"), and only its confidence tells them from text.
 */

/**
 * Lines the recogniser is less sure of than this are dropped. bench:ocr (7 real pages, clean and
 * degraded; 24 pages of word-shaped noise of 4 kinds) measured the lines' confidence: on clean
 * pages p1 0.74, p5 0.91, median 0.99; on degraded ones p10 0.46, median 0.89; on the noise
 * median 0.66 (clean) and 0.53 (degraded), p90 0.79 and 0.71. Dropping the lines below
 * - 0.7 leaves every page read well (CER under 5 %) as it was, and 112 of the noise's 408 lines,
 *   on 12 of its 24 pages;
 * - 0.75 drops one garbled line of a clean page (3M's: CER 2.0 → 5.9 %), and leaves 55 noise
 *   lines on 9 pages;
 * - 0.8 drops a line of a degraded page read well too (CER 2.6 → 4.7 %), and leaves 18 noise
 *   lines (96 % gone) on 7 pages;
 * - 0.85 drops a line of another (2.8 → 4.9 %), and leaves 3 noise lines on 3 pages;
 * - 0.9 puts the degraded pages read well at 8-37 % CER, and leaves 2.
 * Past 0.8 real text goes fast for little more noise. What 0.8 leaves of the noise are strings of
 * symbols read off marks like + and =, and 三 read off three parallel rules, of which the
 * recogniser is as sure as of print.
 */
export const MIN_LINE_CONFIDENCE = 0.8;

export function readableLines<Line extends { confidence: number }>(boxes: readonly Line[], min = MIN_LINE_CONFIDENCE): Line[] {
  return boxes.filter((b) => b.confidence >= min);
}
