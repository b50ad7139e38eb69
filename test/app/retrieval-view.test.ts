import { describe, expect, it } from 'vitest';
import { formatMrr, fusionPercents, hasSecondHop } from '../../src/app/lib/retrieval-view.ts';
import type { TraceRow } from '../../src/core/types.ts';

describe('the inspector’s retrieval lines', () => {
  it('gives the hybrid weight as whole percentages that add up to 100', () => {
    expect(fusionPercents({ dense: 0.35 })).toEqual({ dense: 35, lexical: 65 });
    expect(fusionPercents({ dense: 0.333 })).toEqual({ dense: 33, lexical: 67 });
    expect(fusionPercents({ dense: 0.005 })).toEqual({ dense: 1, lexical: 99 });
    expect(fusionPercents({ dense: 1 })).toEqual({ dense: 100, lexical: 0 });
    // Out of range or broken values do not make a bar wider than itself.
    expect(fusionPercents({ dense: 1.4 })).toEqual({ dense: 100, lexical: 0 });
    expect(fusionPercents({ dense: Number.NaN })).toEqual({ dense: 50, lexical: 50 });
  });

  it('writes reciprocal ranks to two decimals', () => {
    expect(formatMrr(0.4167)).toBe('0.42');
    expect(formatMrr(1)).toBe('1.00');
    expect(formatMrr(Number.NaN)).toBe('—');
  });

  it('shows the hop column only when a row came from a second hop', () => {
    const row = (hop?: number): TraceRow => ({ rank: 1, score: 1, entryId: 'e', kind: 'chunk', level: 'whole', fromCluster: false, text: '', added: [], backtracksTo: [], hop });
    expect(hasSecondHop([row(), row(1)])).toBe(false);
    expect(hasSecondHop([row(), row(2)])).toBe(true);
  });
});
