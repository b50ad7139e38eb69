/** Summary statistics for benchmark timings. */

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

export interface Timing {
  runs: number;
  p50: number;
  p95: number;
  mean: number;
}

/** Milliseconds per call of `fn`, after `warmup` untimed calls. */
export function timeCalls(fn: (i: number) => void, runs: number, warmup = 3): Timing {
  for (let i = 0; i < warmup; i++) fn(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { runs, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), mean: round(times.reduce((a, b) => a + b, 0) / runs) };
}

export function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/**
 * Milliseconds per call of each function, calls alternating (a, b, c, a, b, c, …) so that every
 * one sees the same load: on a shared machine, a baseline timed minutes apart from what it is
 * compared with would measure the neighbours as much as the code.
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
  return times.map((t) => {
    t.sort((a, b) => a - b);
    return { runs, p50: round(percentile(t, 50)), p95: round(percentile(t, 95)), mean: round(t.reduce((a, b) => a + b, 0) / runs) };
  });
}
