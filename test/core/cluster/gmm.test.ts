import { describe, expect, it } from 'vitest';
import { bic, chooseK, fitGmm } from '../../../src/core/cluster/index.ts';
import { blobs } from './fixtures.ts';

function expectPosteriorsNormalized(posteriors: number[][]): void {
  for (const row of posteriors) {
    for (const p of row) expect(Number.isFinite(p)).toBe(true);
    expect(Math.abs(row.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-9);
  }
}

/** Mean of each consecutive run of `size` points (one blob). */
function blobMeans(points: number[][], size: number): number[][] {
  const out: number[][] = [];
  for (let s = 0; s < points.length; s += size) {
    const run = points.slice(s, s + size);
    out.push(run[0].map((_, t) => run.reduce((a, p) => a + p[t], 0) / run.length));
  }
  return out;
}

/** Distance from each true center to the nearest fitted mean. */
function meanErrors(truth: number[][], means: number[][]): number[] {
  return truth.map((t) => Math.min(...means.map((m) => Math.hypot(...m.map((x, i) => x - t[i])))));
}

describe('fitGmm and the BIC search', () => {
  const centers2d = [
    [0, 0],
    [10, 0],
    [0, 10],
  ];
  const centers5d = [0, 1, 2, 3].map((axis) => [0, 1, 2, 3, 4].map((i) => (i === axis ? 12 : 0)));

  it('finds 3 blobs in 2-D and recovers their means', () => {
    const points = blobs(centers2d, 60, 1, 11);
    const { k, bic: scores, model } = chooseK(points, 8, 1);
    expect(k).toBe(3);
    expect(scores).toHaveLength(8);
    expect(scores[2]).toBe(Math.min(...scores));
    expectPosteriorsNormalized(model.posteriors);
    // Sampling error of 60 points is about √(2/60) ≈ 0.18; the fit matches the blobs' own means.
    for (const err of meanErrors(centers2d, model.means)) expect(err).toBeLessThan(0.5);
    for (const err of meanErrors(blobMeans(points, 60), model.means)) expect(err).toBeLessThan(1e-3);
    for (const w of model.weights) expect(w).toBeCloseTo(1 / 3, 2);
    // Points of one blob share a most probable component, and blobs do not share one.
    const labels = model.posteriors.map((row) => row.indexOf(Math.max(...row)));
    for (let b = 0; b < 3; b++) expect(new Set(labels.slice(b * 60, b * 60 + 60)).size).toBe(1);
    expect(new Set([labels[0], labels[60], labels[120]]).size).toBe(3);
  });

  it('finds 4 blobs in 5-D', () => {
    const points = blobs(centers5d, 50, 1, 12);
    const { k, model } = chooseK(points, 8, 1);
    expect(k).toBe(4);
    expectPosteriorsNormalized(model.posteriors);
    for (const err of meanErrors(centers5d, model.means)) expect(err).toBeLessThan(0.8);
    for (const err of meanErrors(blobMeans(points, 50), model.means)) expect(err).toBeLessThan(1e-3);
  });

  it('chooses k = 1 for a single blob', () => {
    const points = blobs([[3, -2, 5]], 120, 2, 13);
    const { k, model } = chooseK(points, 6, 1);
    expect(k).toBe(1);
    expect(model.means[0][0]).toBeCloseTo(3, 0);
    // The covariance of one component is the sample covariance: about 4 on the diagonal.
    for (let t = 0; t < 3; t++) expect(model.covariances[0][t][t]).toBeGreaterThan(3);
    for (let t = 0; t < 3; t++) expect(model.covariances[0][t][t]).toBeLessThan(5);
  });

  it('computes BIC as −2 log L + p ln n with full covariances', () => {
    const points = blobs(centers2d, 20, 1, 14);
    const model = fitGmm(points, 3, { seed: 1 });
    // p = 2 weights + 3·2 means + 3·3 covariance entries = 17
    expect(bic(model, 60, 2)).toBeCloseTo(-2 * model.logLikelihood + 17 * Math.log(60), 9);
  });

  it('stops early with patience and still finds the minimum', () => {
    const points = blobs(centers2d, 60, 1, 11);
    const full = chooseK(points, 12, 1);
    const patient = chooseK(points, 12, 1, { patience: 3 });
    expect(patient.k).toBe(full.k);
    expect(patient.bic).toEqual(full.bic.slice(0, full.k + 3));
  });

  it('is deterministic for a seed', () => {
    const points = blobs(centers5d, 30, 2, 15);
    expect(fitGmm(points, 4, { seed: 5 })).toEqual(fitGmm(points, 4, { seed: 5 }));
  });

  it('stays finite for points far from every component (log-sum-exp)', () => {
    const points = blobs(
      [
        [0, 0],
        [10, 0],
      ],
      100,
      1,
      16,
    );
    // Thousands of standard deviations away: its density underflows to 0 under every component.
    points.push([0, 400], [400, -400]);
    for (const k of [1, 2, 3]) {
      const model = fitGmm(points, k, { seed: 1 });
      expect(Number.isFinite(model.logLikelihood)).toBe(true);
      expectPosteriorsNormalized(model.posteriors);
    }
  });

  it('handles collapsed and empty components without NaN', () => {
    // 30 copies of one point (a component there has zero spread) plus a blob, more k than distinct clumps.
    const points = [...Array.from({ length: 30 }, () => [1, 1, 1]), ...blobs([[5, 5, 5]], 30, 1, 17)];
    for (const k of [2, 5, 20]) {
      const model = fitGmm(points, k, { seed: 2 });
      expect(Number.isFinite(model.logLikelihood)).toBe(true);
      expectPosteriorsNormalized(model.posteriors);
      expect(Math.abs(model.weights.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-9);
      for (const m of model.means) for (const x of m) expect(Number.isFinite(x)).toBe(true);
    }
    // All points identical: zero data variance.
    const same = Array.from({ length: 10 }, () => [2, 2]);
    const model = fitGmm(same, 3, { seed: 1 });
    expectPosteriorsNormalized(model.posteriors);
    expect(Number.isFinite(model.logLikelihood)).toBe(true);
  });

  it('rejects a k outside 1..n', () => {
    const points = blobs([[0, 0]], 5, 1, 18);
    expect(() => fitGmm(points, 0, { seed: 1 })).toThrow(RangeError);
    expect(() => fitGmm(points, 6, { seed: 1 })).toThrow(RangeError);
  });
});
