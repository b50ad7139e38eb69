import { describe, expect, it } from 'vitest';
import { encodingName, etaSeconds, formatBytes, formatLabel, fraction, percent, roundDuration } from '../../src/app/lib/format.ts';

describe('formatBytes', () => {
  it('keeps one decimal only for small values of a unit', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(3.4 * 1024 * 1024)).toBe('3.4 MB');
    expect(formatBytes(118 * 1024 * 1024)).toBe('118 MB');
    expect(formatBytes(10 * 1024 ** 3)).toBe('10.0 GB');
  });
  it('shows a dash for nonsense', () => {
    expect(formatBytes(-1)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
  });
});

describe('roundDuration', () => {
  it('rounds to the unit a person cares about', () => {
    expect(roundDuration(0.2)).toEqual({ hours: 0, minutes: 0, seconds: 1 });
    expect(roundDuration(42)).toEqual({ hours: 0, minutes: 0, seconds: 42 });
    expect(roundDuration(150)).toEqual({ hours: 0, minutes: 3, seconds: 0 });
    expect(roundDuration(3600 + 25 * 60)).toEqual({ hours: 1, minutes: 25, seconds: 0 });
  });

  it('never reads 60 minutes: a minute rounded up carries into the hours', () => {
    // a 500-page scan's estimate showed "about 2 h 60 min left"
    expect(roundDuration(3 * 3600 - 20)).toEqual({ hours: 3, minutes: 0, seconds: 0 });
    expect(roundDuration(3600 - 20)).toEqual({ hours: 1, minutes: 0, seconds: 0 });
    expect(roundDuration(3600 - 40)).toEqual({ hours: 0, minutes: 59, seconds: 0 });
  });
});

describe('etaSeconds and fractions', () => {
  it('estimates only with a rate and work left', () => {
    expect(etaSeconds(50, 100, 10)).toBe(5);
    expect(etaSeconds(50, 100, 0)).toBeUndefined();
    expect(etaSeconds(100, 100, 10)).toBeUndefined();
    expect(etaSeconds(0, 0, 10)).toBeUndefined();
  });
  it('clamps fractions and survives an unknown total', () => {
    expect(fraction(5, 0)).toBe(0);
    expect(fraction(15, 10)).toBe(1);
    expect(percent(1, 3)).toBe(33);
  });
});

describe('encodingName', () => {
  it('names an encoding as people know it', () => {
    expect(encodingName('gb18030')).toBe('GBK');
    expect(encodingName('shift_jis')).toBe('Shift_JIS');
    expect(encodingName('utf-16be')).toBe('UTF-16');
    expect(encodingName('koi8-r')).toBe('KOI8-R');
  });
});

describe('formatLabel', () => {
  it('names each format Loci reads, and shortens an unknown type', () => {
    expect(formatLabel('application/pdf')).toBe('PDF');
    expect(formatLabel('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('DOCX');
    expect(formatLabel('text/markdown')).toBe('MD');
    expect(formatLabel('image/png')).toBe('PNG');
  });
});
