import { describe, expect, it } from 'vitest';
import { raiseWithin } from '../../../src/core/query/raise-within.ts';

describe('raiseWithin', () => {
  const even = (n: number) => n % 2 === 0;

  it('raises the accepted items after the kept ones, each group in order, and counts those that passed a rejected one', () => {
    expect(raiseWithin([1, 3, 2, 5, 4, 6, 8], even, 5, 1)).toEqual({ items: [1, 2, 4, 3, 5, 6, 8], moved: 2 });
  });

  it('leaves the list as it was when nothing is accepted, the accepted already lead, or the window holds only the kept', () => {
    expect(raiseWithin([1, 3, 5], even, 3, 1)).toEqual({ items: [1, 3, 5], moved: 0 });
    expect(raiseWithin([1, 2, 4, 3], even, 4, 1)).toEqual({ items: [1, 2, 4, 3], moved: 0 });
    expect(raiseWithin([1, 3, 2], even, 1, 1)).toEqual({ items: [1, 3, 2], moved: 0 });
  });

  it('takes a window longer than the list as the whole list', () => {
    expect(raiseWithin([3, 2], even, 50, 0)).toEqual({ items: [2, 3], moved: 1 });
  });
});
