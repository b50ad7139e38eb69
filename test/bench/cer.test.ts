import { describe, expect, it } from 'vitest';
import { characterErrorRate, orderFreeErrorRate, sharedCharacters } from '../../bench/core/cer.ts';

describe('character error rate', () => {
  it('counts edits over the reference, whitespace left out', () => {
    expect(characterErrorRate('Flat is better', 'Flatis bettor')).toBeCloseTo(1 / 12);
    expect(characterErrorRate('热化学方程式', '热化学方程式')).toBe(0);
  });

  it('leaves the order of the lines out when asked', () => {
    const reference = 'first line\nsecond line';
    const swapped = 'second line\nfirst line';
    expect(characterErrorRate(reference, swapped)).toBeGreaterThan(0.5);
    expect(orderFreeErrorRate(reference, swapped)).toBe(0);
    // one character read as another is one error, not two
    expect(orderFreeErrorRate('焓变', '恰变')).toBe(0.5);
  });

  it('shares characters as multisets', () => {
    expect(sharedCharacters([...'aabc'], [...'abbd'])).toBe(2);
    expect(sharedCharacters([], [...'abc'])).toBe(0);
  });
});
