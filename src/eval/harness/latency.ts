import { percentile, round } from '../../bench/stats.ts';
import type { LatencyStats } from './types.ts';

export function latencyStats(ms: readonly number[]): LatencyStats {
  const sorted = [...ms].sort((a, b) => a - b);
  const mean = sorted.length === 0 ? NaN : sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return {
    mean: round(mean, 2),
    p50: round(percentile(sorted, 50), 2),
    p95: round(percentile(sorted, 95), 2),
    max: round(sorted[sorted.length - 1] ?? NaN, 2),
  };
}
