import { describe, expect, it } from 'vitest';
import { detectionSide } from '../../src/models/paddle-ocr.ts';

describe('detectionSide', () => {
  it('leaves an image within the pixel budget at its own size', () => {
    // a letter page at 144 dpi
    expect(detectionSide(1224, 1584)).toBe(1584);
    expect(detectionSide(2000, 2000)).toBe(2000);
  });

  it('scales a larger image down to the budget, keeping more of a tall page\'s height than a side cap would', () => {
    // the Chinese mind map at a pixel a point: 5.9 MP, seen at 4 MP
    const side = detectionSide(1772, 3347);
    expect(side).toBeGreaterThan(2000);
    expect(1772 * 3347 * (side / 3347) ** 2).toBeCloseTo(2000 * 2000, -4);
    expect(detectionSide(4000, 4000)).toBe(2000);
  });

  it('takes another budget', () => {
    expect(detectionSide(2000, 2000, 1000 * 1000)).toBe(1000);
  });
});
