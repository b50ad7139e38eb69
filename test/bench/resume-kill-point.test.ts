import { describe, expect, it } from 'vitest';
import { killPointAt } from '../../bench/core/resume-bench.ts';

// What an uninterrupted `loci index` printed off a terminal, with when (ms after its start).
const LINES = [
  { ms: 900, text: 'parse 0/1 (0%) A.pdf' },
  { ms: 3100, text: 'parse 1/1 (100%) A.pdf' },
  { ms: 3300, text: 'embed 64/500 (12%) A.pdf' },
  { ms: 5400, text: 'embed 448/500 (89%) A.pdf' },
  { ms: 5900, text: 'cluster 0/250 (0%) A.pdf' },
  { ms: 8000, text: 'parse 0/1 (0%) B.pdf' },
  { ms: 9000, text: 'embed 64/300 (21%) B.pdf' },
];

describe('killPointAt', () => {
  it('places a kill after the last line that began a stage, by the time since it', () => {
    expect(killPointAt(LINES, 7000)).toEqual({ marker: 'cluster 0/250 (0%) A.pdf', occurrence: 1, afterMs: 1100 });
  });

  it('never marks by a line inside a stage, whose printing depends on timing', () => {
    // 5,400 ms is within the embedding, whose in-stage lines another run may not print
    expect(killPointAt(LINES, 5500)).toEqual({ marker: 'embed 64/500 (12%) A.pdf', occurrence: 1, afterMs: 2200 });
  });

  it('counts from the start before the first line, and tells repeated lines apart', () => {
    expect(killPointAt(LINES, 500)).toEqual({ marker: '', occurrence: 1, afterMs: 500 });
    const twice = [...LINES, { ms: 9500, text: 'parse 0/1 (0%) A.pdf' }];
    expect(killPointAt(twice, 9600)).toEqual({ marker: 'parse 0/1 (0%) A.pdf', occurrence: 2, afterMs: 100 });
  });
});
