/**
 * Two runs (or two methods) compared question by question: on the same questions, the spread of
 * the differences is far smaller than the spread of either mean, so a small real change can show
 * where two overlapping intervals of means would hide it.
 */
import { bootstrapInterval, type BootstrapOptions, type Interval } from './bootstrap.ts';

/** Differences this close to zero are ties: the same ranking scored twice may differ in the last bit. */
const TIE = 1e-9;

export interface PairedDifference {
  /** Questions with a value on both sides. */
  questions: number;
  /** Questions where the first value is higher, lower, the same. */
  won: number;
  lost: number;
  tied: number;
  /** Mean of first minus second, as a fraction. */
  meanDifference: number;
  /** 95 % bootstrap interval of that mean, resampling questions. */
  interval: Interval;
}

/** First minus second over pairs of one question's values; undefined without pairs. */
export function pairedDifference(pairs: readonly (readonly [number, number])[], options: BootstrapOptions = {}): PairedDifference | undefined {
  const differences = pairs.map(([a, b]) => (Math.abs(a - b) <= TIE ? 0 : a - b));
  const interval = bootstrapInterval(differences, options);
  if (!interval) return undefined;
  return {
    questions: differences.length,
    won: differences.filter((d) => d > 0).length,
    lost: differences.filter((d) => d < 0).length,
    tied: differences.filter((d) => d === 0).length,
    meanDifference: differences.reduce((sum, d) => sum + d, 0) / differences.length,
    interval,
  };
}
