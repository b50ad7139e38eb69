/**
 * Throughput figures: items per second from the milliseconds of each round, the best round kept
 * (other people's work on this shared machine only ever slows a round down), every round listed.
 */
export interface Rate {
  /** Items per second in the fastest round. */
  perSec: number;
  /** Items per second in each round, in order. */
  rounds: number[];
}

export function rate(items: number, msPerRound: readonly number[]): Rate {
  const rounds = msPerRound.map((ms) => round1(items / (ms / 1000)));
  return { perSec: Math.max(...rounds), rounds };
}

export function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
