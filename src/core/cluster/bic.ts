import { throwIfAborted } from '../util/abort.ts';
import { fitGmm, type FittedGmm, type GmmModel } from './gmm.ts';

/**
 * Choosing the number of clusters by the Bayesian information criterion (paper §2.1): each extra
 * component must buy more log-likelihood than its parameters cost, so k is not a setting.
 */

/** BIC = −2 log L + p ln n, with p = (k−1) weights + k·d means + k·d(d+1)/2 full covariances. */
export function bic(model: GmmModel, n: number, d: number): number {
  const k = model.k;
  const p = k - 1 + k * d + (k * d * (d + 1)) / 2;
  return -2 * model.logLikelihood + p * Math.log(n);
}

export interface ChooseKOptions {
  /**
   * Stop once this many consecutive k after the best so far have all failed to beat it
   * (default: no early stop, every k up to maxK is fitted). The BIC curve falls to the right
   * k and then climbs as each component costs more parameters than it explains, so a patience
   * of a few k finds the same minimum at a fraction of the cost: fits get slower as k grows, and
   * the large k dominate an exhaustive search (the same k at a small part of its time:
   * docs/decisions/2026-12-07-clustering-cost-measured.md).
   */
  patience?: number;
  signal?: AbortSignal;
  /** Called after each k is fitted: (k's done, maxK). */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Fits a mixture for every k in 1..maxK (capped at the number of points, and cut short by
 * `patience`) and keeps the one with the lowest BIC; on a tie the smaller k wins. Every fit uses
 * the same seed, so the search is reproducible. `bic[k − 1]` is the BIC of k components, for
 * every k tried.
 */
export function chooseK(
  points: number[][],
  maxK: number,
  seed: number,
  options: ChooseKOptions = {},
): { k: number; bic: number[]; model: FittedGmm } {
  const n = points.length;
  if (n < 1) throw new RangeError('chooseK: no points');
  const d = points[0].length;
  const top = Math.max(1, Math.min(Math.floor(maxK), n));
  const scores: number[] = [];
  let best: FittedGmm | undefined;
  let bestScore = Infinity;
  for (let k = 1; k <= top; k++) {
    throwIfAborted(options.signal, 'cluster count search');
    const model = fitGmm(points, k, { seed });
    const score = bic(model, n, d);
    scores.push(score);
    if (best === undefined || score < bestScore) {
      best = model;
      bestScore = score;
    }
    options.onProgress?.(k, top);
    if (best !== undefined && k - best.k >= (options.patience ?? Infinity)) {
      options.onProgress?.(top, top);
      break;
    }
  }
  if (best === undefined) throw new Error('chooseK: no model was fitted');
  return { k: best.k, bic: scores, model: best };
}
