import { describe, expect, it } from 'vitest';
import { itemBoxes, itemsHolding, type PageTextItem } from '../../src/app/lib/pdf-highlight.ts';

/** Items on lines 20 units apart, 10-unit font, each word 6 units a letter wide. */
function page(lines: string[][]): PageTextItem[] {
  return lines.flatMap((words, row) => {
    let x = 50;
    return words.map((str) => {
      const item = { str, transform: [10, 0, 0, 10, x, 700 - row * 20], width: str.length * 6 };
      x += item.width + 6;
      return item;
    });
  });
}

const items = page([
  ['Contents', 'Foo', 'Bar'],
  ['Hello,', 'here', 'is', 'some', 'text'],
  ['without', 'a', 'meaning.', 'This', 'text'],
  ['should', 'show', 'it.'],
]);

describe('pdf highlight', () => {
  it('finds a passage whatever its line breaks and spaces', () => {
    expect(itemsHolding(items, 'here is some text\nwithout a  meaning.')).toEqual([4, 5, 6, 7, 8, 9, 10]);
  });

  it('finds the part on this page of a passage that runs on, or that began before', () => {
    expect(itemsHolding(items, 'This text should show it. And then the next page goes on at length here')).toEqual([11, 12, 13, 14, 15]);
    expect(itemsHolding(items, 'A previous page said much before this: Contents Foo Bar Hello,')).toEqual([0, 1, 2, 3]);
  });

  it('finds nothing for a passage from elsewhere', () => {
    expect(itemsHolding(items, 'Nothing of the sort appears anywhere on the page at all')).toEqual([]);
    expect(itemsHolding([], 'Hello')).toEqual([]);
  });

  it('boxes the items through the viewport, one box per line, in CSS pixels', () => {
    // a page 792 units high drawn at scale 2 (y flipped), on a 2x screen: CSS pixels equal PDF units
    const viewport = [2, 0, 0, -2, 0, 1584];
    const boxes = itemBoxes(items, [4, 5, 6, 7, 8, 9, 10], viewport, 2);
    expect(boxes).toHaveLength(2);
    // 'here' starts at 92 and 'text' ends at 194; the baseline 680 is 112 from the top, the font 10 high
    expect(boxes[0]).toEqual({ left: 92, top: 792 - 680 - 10, width: 194 - 92, height: 12.5 });
    expect(boxes[1].top).toBeCloseTo(792 - 660 - 10);
  });
});
