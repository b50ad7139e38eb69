import { describe, expect, it } from 'vitest';
import { arrayBytes, BufferTally, mapBytes, objectBytes, SLICED_STRING, stringBytes, substringBytes, TYPED_ARRAY_OBJECT } from '../../../src/core/util/heap-bytes.ts';

describe('heap estimates', () => {
  it('counts a Latin-1 string one byte a character and any other two, rounded to whole slots', () => {
    expect(stringBytes('')).toBe(12);
    expect(stringBytes('abcd')).toBe(16);
    expect(stringBytes('abcde')).toBe(20);
    expect(stringBytes('café')).toBe(16);
    expect(stringBytes('文档')).toBe(16);
    expect(stringBytes('文档x')).toBe(20);
  });

  it('counts a long substring as a slice of its parent and a short one as a copy', () => {
    expect(substringBytes('a sentence of some length')).toBe(SLICED_STRING);
    expect(substringBytes('short')).toBe(stringBytes('short'));
  });

  it('grows objects, arrays and maps with what they hold', () => {
    expect(objectBytes(3)).toBeGreaterThan(objectBytes(2));
    expect(arrayBytes(10) - arrayBytes(0)).toBe(40);
    // capacity doubles past a power of two
    expect(mapBytes(4)).toBe(mapBytes(3));
    expect(mapBytes(5)).toBeGreaterThan(mapBytes(4));
  });
});

describe('BufferTally', () => {
  it('counts each view once, with its object', () => {
    const tally = new BufferTally();
    const array = new Int32Array(10);
    expect(tally.view(array)).toBe(40 + TYPED_ARRAY_OBJECT);
    expect(tally.view(array)).toBe(0);
    expect(tally.view(undefined)).toBe(0);
    expect(tally.beyondViews()).toBe(0);
  });

  it('finds the bytes of a buffer that its views leave unused, and buffers held whole by no view', () => {
    const tally = new BufferTally();
    const file = new ArrayBuffer(1000);
    tally.view(new Uint8Array(file, 0, 100));
    tally.view(new Uint16Array(file, 200, 50));
    tally.hold(new ArrayBuffer(300));
    expect(tally.beyondViews()).toBe(1000 - 100 - 100 + 300);
    expect(tally.large(500)).toEqual([{ bytes: 1000, viewed: 200 }]);
  });

  it('counts a buffer used whole once, views of it counted before included', () => {
    const tally = new BufferTally();
    const memory = new ArrayBuffer(64);
    tally.view(new Int8Array(memory, 0, 16));
    expect(tally.whole(memory)).toBe(48);
    expect(tally.whole(memory)).toBe(0);
    expect(tally.beyondViews()).toBe(0);
  });
});
