/**
 * Summary statistics of timings, shared by the benchmarks and the evaluation's latency columns so
 * a p95 means the same thing in both.
 */

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

export function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** Milliseconds; NaN for every figure when there are no times. */
export interface Timing {
  runs: number;
  mean: number;
  p50: number;
  p95: number;
  max: number;
}

export function summarize(times: readonly number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = sorted.length === 0 ? NaN : sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return {
    runs: sorted.length,
    mean: round(mean),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1) ?? NaN),
  };
}

/**
 * Milliseconds per call of each function, calls alternating (a, b, c, a, b, c, …) so that every
 * one sees the same load: on a shared machine, a baseline timed minutes apart from what it is
 * compared with would measure the neighbours as much as the code. `warmup` untimed rounds first.
 */
export function timeInterleaved(fns: readonly ((i: number) => void)[], runs: number, warmup = 3): Timing[] {
  for (let i = 0; i < warmup; i++) for (const fn of fns) fn(i);
  const times = fns.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) {
    fns.forEach((fn, j) => {
      const t0 = performance.now();
      fn(i);
      times[j].push(performance.now() - t0);
    });
  }
  return times.map(summarize);
}
