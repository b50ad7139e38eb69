import type { Knn } from './neighbors.ts';

/**
 * UMAP's fuzzy simplicial set (McInnes et al. 2018, §3.1; umap-learn's `fuzzy_simplicial_set` with
 * local_connectivity = 1, bandwidth = 1, set_op_mix_ratio = 1): each point's neighbour distances
 * become memberships exp(−(d − ρᵢ)/σᵢ), ρᵢ its nearest non-zero distance and σᵢ chosen so the
 * memberships sum to log₂ k; the two directions are joined by the fuzzy union a + b − ab.
 *
 * Built here on flat arrays from the exact neighbours instead of through umap-js's SparseMatrix
 * (a Map keyed by "row:col" strings, transposed and combined element-wise four times), which was
 * most of a clustering's time; this makes the same weights (umap.test.ts compares them to 12
 * digits) many times faster (docs/decisions/2026-12-07-clustering-cost-measured.md).
 */

/** The symmetric graph as a list of directed edges (both directions), sorted by head then tail. */
export interface FuzzyGraph {
  n: number;
  head: Int32Array;
  tail: Int32Array;
  weight: Float64Array;
}

const SMOOTH_K_TOLERANCE = 1e-5;
const MIN_K_DIST_SCALE = 1e-3;
const SIGMA_ITERATIONS = 64;

export function fuzzyGraph(knn: Knn): FuzzyGraph {
  const n = knn.indices.length;
  const k = n > 0 ? knn.indices[0].length : 0;
  const { sigmas, rhos } = smoothKnnDistances(knn.distances, k);

  // Directed memberships as CSR rows (the point's own entry is left out: its membership is 0).
  const fwdStart = new Int32Array(n + 1);
  const fwdCol = new Int32Array(n * k);
  const fwdVal = new Float64Array(n * k);
  let m = 0;
  for (let i = 0; i < n; i++) {
    fwdStart[i] = m;
    const idx = knn.indices[i];
    const dist = knn.distances[i];
    for (let j = 0; j < k; j++) {
      const col = idx[j];
      if (col < 0 || col === i) continue;
      const over = dist[j] - rhos[i];
      const val = over <= 0 ? 1 : Math.exp(-over / sigmas[i]);
      if (!(val > 0)) continue;
      fwdCol[m] = col;
      fwdVal[m] = val;
      m++;
    }
  }
  fwdStart[n] = m;

  // The transpose, rows in increasing column order of the original (so each row is sorted).
  const revStart = new Int32Array(n + 1);
  for (let e = 0; e < m; e++) revStart[fwdCol[e] + 1]++;
  for (let i = 0; i < n; i++) revStart[i + 1] += revStart[i];
  const revCol = new Int32Array(m);
  const revVal = new Float64Array(m);
  const fill = revStart.slice(0, n);
  for (let i = 0; i < n; i++) {
    for (let e = fwdStart[i]; e < fwdStart[i + 1]; e++) {
      const at = fill[fwdCol[e]]++;
      revCol[at] = i;
      revVal[at] = fwdVal[e];
    }
  }

  // Row by row: the union of both directions, columns ascending.
  const head: number[] = [];
  const tail: number[] = [];
  const weight: number[] = [];
  const forward = new Float64Array(n);
  const cols: number[] = [];
  for (let i = 0; i < n; i++) {
    cols.length = 0;
    for (let e = fwdStart[i]; e < fwdStart[i + 1]; e++) {
      forward[fwdCol[e]] = fwdVal[e];
      cols.push(fwdCol[e]);
    }
    for (let e = revStart[i]; e < revStart[i + 1]; e++) {
      const j = revCol[e];
      const b = revVal[e];
      const a = forward[j];
      if (a > 0) forward[j] = a + b - a * b;
      else {
        forward[j] = b;
        cols.push(j);
      }
    }
    cols.sort((x, y) => x - y);
    for (const j of cols) {
      head.push(i);
      tail.push(j);
      weight.push(forward[j]);
      forward[j] = 0;
    }
  }
  return { n, head: Int32Array.from(head), tail: Int32Array.from(tail), weight: Float64Array.from(weight) };
}

/** ρ and σ of every point (umap-learn's `smooth_knn_dist`), from distances sorted ascending with self first. */
function smoothKnnDistances(distances: number[][], k: number): { sigmas: Float64Array; rhos: Float64Array } {
  const n = distances.length;
  const target = Math.log2(k);
  const sigmas = new Float64Array(n);
  const rhos = new Float64Array(n);
  let meanOfAll = 0;
  for (const row of distances) for (const d of row) meanOfAll += d / (n * k);
  for (let i = 0; i < n; i++) {
    const row = distances[i];
    let rho = 0;
    for (const d of row) {
      if (d > 0) {
        rho = d;
        break;
      }
    }
    rhos[i] = rho;
    let lo = 0;
    let hi = Infinity;
    let mid = 1;
    for (let iter = 0; iter < SIGMA_ITERATIONS; iter++) {
      let psum = 0;
      for (let j = 1; j < k; j++) {
        const over = row[j] - rho;
        psum += over > 0 ? Math.exp(-over / mid) : 1;
      }
      if (Math.abs(psum - target) < SMOOTH_K_TOLERANCE) break;
      if (psum > target) {
        hi = mid;
        mid = (lo + hi) / 2;
      } else {
        lo = mid;
        mid = hi === Infinity ? mid * 2 : (lo + hi) / 2;
      }
    }
    let mean = 0;
    for (const d of row) mean += d / k;
    const floor = MIN_K_DIST_SCALE * (rho > 0 ? mean : meanOfAll);
    sigmas[i] = mid < floor ? floor : mid;
  }
  return { sigmas, rhos };
}
