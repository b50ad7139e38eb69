import { describe, expect, it } from 'vitest';
import { ReferenceRegion } from '../../bench/core/reference-region.ts';
import { fromTsv } from '../../bench/core/tesseract.ts';

// A 200 × 100-point page drawn at 2 pixels a point: one run of 12-point text whose baseline is 20
// points below the top, from x = 10 to x = 110.
const page = { left: 0, top: 100, scale: 2, width: 400, height: 200 };
const runs = [{ x: 10, y: 80, width: 100, size: 12 }];

describe('ReferenceRegion', () => {
  it('holds a box over the text layer\'s run and not one beside it', () => {
    const region = new ReferenceRegion(runs, page);
    // the run covers pixels x 20..220, y (100 − 92)·2 = 16 .. (100 − 77)·2 = 46
    expect(region.share([24, 20, 200, 44])).toBe(1);
    expect(region.holds([24, 20, 200, 44])).toBe(true);
    expect(region.share([260, 20, 380, 44])).toBe(0);
    expect(region.holds([260, 20, 380, 44])).toBe(false);
    expect(region.holds([24, 120, 200, 160])).toBe(false);
  });

  it('weighs a box partly over the run by the share that is', () => {
    const region = new ReferenceRegion(runs, page);
    // x 120..320: 100 of its 200 pixels lie over the run
    expect(region.share([120, 20, 320, 44])).toBeCloseTo(0.5, 1);
    expect(region.share([180, 20, 380, 44])).toBeLessThan(0.3);
  });

  it('follows the page when the image was turned about its centre', () => {
    // turned 90° counter-clockwise, the run's left end moves to the bottom of a square page
    const square = { left: 0, top: 100, scale: 2, width: 200, height: 200 };
    const turned = new ReferenceRegion([{ x: 10, y: 60, width: 30, size: 10 }], { ...square, rotate: 90 });
    const upright = new ReferenceRegion([{ x: 10, y: 60, width: 30, size: 10 }], square);
    // upright: x 20..80, y 60..85
    expect(upright.holds([24, 62, 76, 82])).toBe(true);
    expect(turned.holds([24, 62, 76, 82])).toBe(false);
    // turned: (x, y) → (100 + (y − 100), 100 − (x − 100)) = (y, 200 − x): x 60..85, y 120..180
    expect(turned.holds([62, 124, 82, 176])).toBe(true);
  });

  it('holds nothing for a page without runs', () => {
    expect(new ReferenceRegion([], page).holds([0, 0, 400, 200])).toBe(false);
  });
});

describe('fromTsv', () => {
  const tsv = [
    'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
    '1\t1\t0\t0\t0\t0\t0\t0\t400\t200\t-1\t',
    '4\t1\t1\t1\t1\t0\t20\t16\t200\t30\t-1\t',
    '5\t1\t1\t1\t1\t1\t20\t16\t90\t30\t96.1\tFlat',
    '5\t1\t1\t1\t1\t2\t120\t16\t100\t30\t95.0\tis',
    '5\t1\t1\t1\t2\t1\t20\t60\t120\t30\t91.3\tbetter',
    '5\t1\t1\t1\t2\t2\t150\t60\t20\t30\t10.0\t ',
  ].join('\n');

  it('reads the words with their boxes, a line of text a line of the layout', () => {
    const page = fromTsv(tsv);
    expect(page.text).toBe('Flat is\nbetter');
    expect(page.words).toEqual([
      { text: 'Flat', box: [20, 16, 110, 46] },
      { text: 'is', box: [120, 16, 220, 46] },
      { text: 'better', box: [20, 60, 140, 90] },
    ]);
  });
});
