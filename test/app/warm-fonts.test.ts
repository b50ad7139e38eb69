import { describe, expect, it } from 'vitest';
import { declaredFaces, type FontRule } from '../../src/app/lib/warm-fonts.ts';

const rule = (fontSize = '', fontWeight = ''): FontRule => ({ style: { fontSize, fontWeight } });

describe('declaredFaces', () => {
  it('collects the rem and px sizes and numeric weights of the rules, inside grouping rules too', () => {
    const rules: FontRule[] = [
      rule('0.68rem', '650'),
      rule('0.68rem', ''),
      rule('', '700'),
      { cssRules: [rule('1.2rem', '550'), { cssRules: [rule('12px', 'bold')] }] },
      rule('1.1em', 'bolder'), // relative to where it is used: not warmed
      {}, // a rule without declarations (@font-face, @import)
    ];
    const faces = declaredFaces(rules, { fontSize: '15px', fontWeight: '400' });
    expect(faces.sizes.sort()).toEqual(['0.68rem', '1.2rem', '12px', '15px']);
    expect(faces.weights.sort()).toEqual(['400', '550', '650', '700']);
  });

  it('warms at least the body face', () => {
    expect(declaredFaces([], { fontSize: '16px', fontWeight: '500' })).toEqual({ sizes: ['16px'], weights: ['500', '400'] });
  });
});
