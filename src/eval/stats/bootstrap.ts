/**
 * Percentile bootstrap over questions: how far a mean over a few dozen questions could have moved
 * had other questions of the same kind been asked. Seeded, so the same per-question values give
 * the same interval on every run and every machine.
 */
import { seededRandom } from '../../core/util/random.ts';

export const BOOTSTRAP_RESAMPLES = 2000;
/** Fixed: a report's intervals must not change when nothing it measured changed. */
export const BOOTSTRAP_SEED = 42;
export const CONFIDENCE = 0.95;

/** Low and high end, as fractions like the values they bound. */
export type Interval = [number, number];

export interface BootstrapOptions {
  resamples?: number;
  seed?: number;
}

/** The means of `resamples` samples of `values` drawn with replacement, in ascending order. */
export function resampledMeans(values: readonly number[], options: BootstrapOptions = {}): Float64Array {
  const n = values.length;
  const random = seededRandom(options.seed ?? BOOTSTRAP_SEED);
  const means = new Float64Array(options.resamples ?? BOOTSTRAP_RESAMPLES);
  for (let r = 0; r < means.length; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[Math.floor(random() * n)];
    means[r] = sum / n;
  }
  return means.sort();
}

/** The q-quantile of ascending values, interpolated between its two neighbours (Hyndman–Fan type 7). */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (at - below);
}

/** The 95 % percentile-bootstrap interval of the mean of `values`; undefined when there are none. */
export function bootstrapInterval(values: readonly number[], options: BootstrapOptions = {}): Interval | undefined {
  if (values.length === 0) return undefined;
  const means = resampledMeans(values, options);
  const tail = (1 - CONFIDENCE) / 2;
  return [quantile(means, tail), quantile(means, 1 - tail)];
}
