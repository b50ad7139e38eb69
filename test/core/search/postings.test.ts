/** A posting list over an adopted image's arrays (Postings.over): pushes copy them once, leaving them as they were. */
import { describe, expect, it } from 'vitest';
import { Postings } from '../../../src/core/search/postings.ts';
import { BufferTally } from '../../../src/core/util/heap-bytes.ts';

describe('Postings', () => {
  it('pushed past adopted arrays, holds them and the new rows in order, the adopted arrays untouched', () => {
    const rows = Int32Array.from({ length: 100 }, (_, i) => 2 * i);
    const counts = Uint16Array.from({ length: 100 }, (_, i) => 1 + (i % 3));
    const list = Postings.over(rows, counts, 100);
    for (let k = 0; k < 40; k++) list.push(1000 + k, 70000);
    expect(list.length).toBe(140);
    expect(list.live).toBe(140);
    expect([...list.rows.subarray(0, 140)]).toEqual([...rows, ...Array.from({ length: 40 }, (_, k) => 1000 + k)]);
    expect([...list.counts.subarray(0, 140)]).toEqual([...counts, ...Array.from({ length: 40 }, () => 0xffff)]);
    expect(rows[99]).toBe(198);
    expect(list.rows.buffer).not.toBe(rows.buffer);
    list.compact((row) => row % 4 === 0);
    expect([...list.rows.subarray(0, list.length)]).toEqual([...rows.filter((r) => r % 4 === 0), ...Array.from({ length: 40 }, (_, k) => 1000 + k).filter((r) => r % 4 === 0)]);
  });

  it('pushed onto while adopted, copies nothing until read: the waiting rows counted, then in order behind the adopted ones', () => {
    const rows = Int32Array.from({ length: 1000 }, (_, i) => i);
    const counts = new Uint16Array(1000).fill(1);
    const list = Postings.over(rows, counts, 1000);
    const before = list.heldBytes(new BufferTally());
    list.push(5000, 2);
    list.push(5001, 3);
    expect(list.length).toBe(1002);
    expect(list.live).toBe(1002);
    // waiting: the adopted arrays still the list's own, two rows more held beside them
    expect(list.heldBytes(new BufferTally())).toBeGreaterThan(before);
    expect(list.heldBytes(new BufferTally())).toBeLessThan(before + 1000);
    const read = list.rows;
    expect(read.buffer).not.toBe(rows.buffer);
    expect([...read.subarray(998, 1002)]).toEqual([998, 999, 5000, 5001]);
    expect([...list.counts.subarray(999, 1002)]).toEqual([1, 2, 3]);
    // once read, pushes go straight into the list's arrays
    list.push(5002, 1);
    expect(list.rows).toBe(read);
    expect(list.length).toBe(1003);
    expect(list.rows[1002]).toBe(5002);
  });

  it('grows a list of its own from nothing', () => {
    const list = new Postings();
    for (let k = 0; k < 1000; k++) list.push(k, 1);
    expect(list.length).toBe(1000);
    expect([...list.rows.subarray(0, 1000)]).toEqual(Array.from({ length: 1000 }, (_, k) => k));
  });
});
