/**
 * How a legacy-encoding reading of some bytes is judged: ASCII reads alike in every candidate, so
 * only the other characters say whether the reading is text. Counts them, and those `isGood` accepts.
 */
export function countNonAscii(text: string, isGood: (codePoint: number) => boolean): { wide: number; good: number } {
  let wide = 0;
  let good = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) continue;
    wide++;
    if (isGood(c)) good++;
  }
  return { wide, good };
}
