import { seededRandom } from '../util/random.ts';
import { precisionOf, type Precision } from './gaussian.ts';
import { kmeansLabels } from './kmeans.ts';

/**
 * Gaussian mixture with full covariances, fitted by expectation–maximization. It gives every
 * point a posterior over the components, which is what makes the clusters soft (a chunk can
 * belong to several cluster chunks).
 *
 * The inner loops run over flat Float64Arrays with buffers allocated once per fit: the BIC
 * search fits up to 50 mixtures on thousands of points, so the per-point work is what counts.
 */

export interface GmmModel {
  k: number;
  weights: number[];
  means: number[][];
  covariances: number[][][];
  /** Total log-likelihood of the fitted points, Σᵢ log p(xᵢ), at the returned parameters. */
  logLikelihood: number;
}

export interface GmmOptions {
  seed: number;
  /** EM iterations at most (default 100). */
  maxIter?: number;
  /** Stop when the mean log-likelihood per point changes by less than this (default 1e-3). */
  tol?: number;
  /**
   * Added to every covariance diagonal, relative to the data's mean per-dimension variance
   * (default 1e-4). It keeps a component that collapses onto a few points invertible, and it
   * bounds the likelihood such a component can claim: a component of fewer than d + 1 points
   * has a singular covariance, and with a ridge of 1e-6 the BIC search on 200 UMAP-reduced
   * 10-d points preferred 30 components of 4–10 points over a genuine minimum at k = 3 (at
   * 1e-4 and above, k = 3 and the BIC of small k is unchanged).
   */
  ridge?: number;
}

export type FittedGmm = GmmModel & { posteriors: number[][] };

const LOG_2PI = Math.log(2 * Math.PI);
/** Added to every component's mass so that an empty component never divides by zero. */
const MASS_FLOOR = 10 * Number.EPSILON;
/** A component with less total responsibility than this is empty: it keeps its mean and takes the data's spread. */
const EMPTY_MASS = 1e-8;
/** A component this far (in log density) below a point's best one is not scored for that point. */
const NEGLIGIBLE_LOG = 50;
/** Responsibilities below this are skipped in the M-step (their contribution is below rounding). */
const NEGLIGIBLE = 1e-12;

export function fitGmm(points: number[][], k: number, options: GmmOptions): FittedGmm {
  const n = points.length;
  const d = n > 0 ? points[0].length : 0;
  if (d < 1) throw new RangeError('fitGmm: needs points with at least one dimension');
  if (!Number.isInteger(k) || k < 1 || k > n) throw new RangeError(`fitGmm: k=${k} must be in 1..${n}`);
  const maxIter = options.maxIter ?? 100;
  const tol = options.tol ?? 1e-3;

  const x = flatten(points, d);
  const { mean, variance } = columnMoments(x, n, d);
  let meanVariance = 0;
  for (let t = 0; t < d; t++) meanVariance += variance[t] / d;
  const ridge = (options.ridge ?? 1e-4) * (meanVariance > 0 ? meanVariance : 1);

  const mix = new Mixture(n, d, k, mean, variance, ridge);
  const resp = new Float64Array(n * k);
  const labels = kmeansLabels(x, n, d, k, seededRandom(options.seed));
  for (let i = 0; i < n; i++) resp[i * k + labels[i]] = 1;
  mix.likeliest.set(labels);

  // M then E, so the parameters, the posteriors and the log-likelihood returned all belong together.
  mix.maximize(x, resp);
  let logLikelihood = mix.expect(x, resp);
  for (let iter = 1; iter < maxIter; iter++) {
    mix.maximize(x, resp);
    const next = mix.expect(x, resp);
    const converged = Math.abs(next - logLikelihood) / n < tol;
    logLikelihood = next;
    if (converged) break;
  }
  return mix.toModel(resp, logLikelihood);
}

/** Parameters of the mixture plus the scratch space its steps reuse. */
class Mixture {
  readonly weights: Float64Array;
  readonly means: Float64Array;
  readonly precisions: Precision[] = [];
  /** Per point, its most probable component at the last E-step (the first one the next E-step scores). */
  readonly likeliest: Int32Array;
  /** Per component, an upper bound on its covariance's largest eigenvalue. */
  private readonly widest: Float64Array;
  private readonly logNorm: Float64Array;
  private readonly mass: Float64Array;
  private readonly scatter: Float64Array;
  private readonly diff: Float64Array;
  private readonly logp: Float64Array;
  /** Every component's L⁻¹ lower triangle, packed row by row, for the E-step's inner loop. */
  private readonly packed: Float64Array;
  private readonly packedSize: number;

  constructor(
    private readonly n: number,
    private readonly d: number,
    private readonly k: number,
    dataMean: Float64Array,
    private readonly dataVariance: Float64Array,
    private readonly ridge: number,
  ) {
    this.weights = new Float64Array(k);
    this.means = new Float64Array(k * d);
    // Before the first M-step an empty component has no mean of its own; the data's is neutral.
    for (let c = 0; c < k; c++) this.means.set(dataMean, c * d);
    this.likeliest = new Int32Array(n);
    this.widest = new Float64Array(k);
    this.logNorm = new Float64Array(k);
    this.mass = new Float64Array(k);
    this.scatter = new Float64Array(k * d * d);
    this.diff = new Float64Array(d);
    this.logp = new Float64Array(k);
    this.packedSize = (d * (d + 1)) / 2;
    this.packed = new Float64Array(k * this.packedSize);
  }

  /** Weights, means and covariances from the responsibilities. */
  maximize(x: Float64Array, resp: Float64Array): void {
    const { n, d, k, mass, means, scatter, diff } = this;
    mass.fill(0);
    const sums = new Float64Array(k * d);
    for (let i = 0; i < n; i++) {
      for (let c = 0; c < k; c++) {
        const r = resp[i * k + c];
        if (r < NEGLIGIBLE) continue;
        mass[c] += r;
        for (let t = 0; t < d; t++) sums[c * d + t] += r * x[i * d + t];
      }
    }
    const empty = new Uint8Array(k);
    for (let c = 0; c < k; c++) {
      if (mass[c] < EMPTY_MASS) {
        empty[c] = 1;
        continue;
      }
      for (let t = 0; t < d; t++) means[c * d + t] = sums[c * d + t] / mass[c];
    }

    // Second pass for the scatter around the new means (more accurate than Σ r x xᵀ − N μ μᵀ);
    // only the lower triangle is accumulated.
    scatter.fill(0);
    for (let i = 0; i < n; i++) {
      for (let c = 0; c < k; c++) {
        const r = resp[i * k + c];
        if (r < NEGLIGIBLE || empty[c]) continue;
        for (let t = 0; t < d; t++) diff[t] = x[i * d + t] - means[c * d + t];
        const base = c * d * d;
        for (let a = 0; a < d; a++) {
          const ra = r * diff[a];
          for (let b = 0; b <= a; b++) scatter[base + a * d + b] += ra * diff[b];
        }
      }
    }

    for (let c = 0; c < k; c++) {
      const total = mass[c] + MASS_FLOOR;
      this.weights[c] = total / n;
      const cov = new Float64Array(d * d);
      for (let a = 0; a < d; a++) {
        for (let b = 0; b <= a; b++) {
          // An empty component is spread like the whole data set: it stays harmless and finite.
          const v = empty[c] ? (a === b ? this.dataVariance[a] : 0) : scatter[c * d * d + a * d + b] / total;
          cov[a * d + b] = v;
          cov[b * d + a] = v;
        }
        cov[a * d + a] += this.ridge;
      }
      const precision = precisionOf(cov, d, this.ridge, this.dataVariance);
      this.precisions[c] = precision;
      this.widest[c] = largestEigenvalueBound(precision.covariance, d);
      let q = c * this.packedSize;
      for (let a = 0; a < d; a++) for (let b = 0; b <= a; b++) this.packed[q++] = precision.inverseFactor[a * d + b];
      this.logNorm[c] = Math.log(this.weights[c]) - 0.5 * d * LOG_2PI - precision.halfLogDet;
    }
  }

  /**
   * Posteriors into `resp` (log-sum-exp, so far-away points do not underflow); returns Σ log p(xᵢ).
   *
   * A component whose density at x is below e^−50 of the best one's adds nothing a double can hold
   * to the sum (50 such terms stay under half an ulp of 1) and gets a posterior the M-step ignores
   * (< 1e-12), so it is not scored: each point first scores its likeliest component of the last
   * step, then skips a component once a lower bound on its Mahalanobis distance puts it that far
   * below — first |x − μ|²/λmax (λmax bounded from above), then the partial sums of |L⁻¹(x − μ)|²,
   * which only grow. Most point–component pairs are that far, so few are scored in full, and the
   * BIC values stay bit-identical ([record](../../../docs/decisions/2026-12-07-clustering-cost-measured.md)).
   */
  expect(x: Float64Array, resp: Float64Array): number {
    const { n, d, k, means, diff, logp, logNorm, packed, widest, likeliest } = this;
    const size = this.packedSize;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const xi = i * d;
      const first = likeliest[i];
      let max = this.logDensity(x, xi, first);
      logp[first] = max;
      for (let c = 0; c < k; c++) {
        if (c === first) continue;
        const mc = c * d;
        let euclid = 0;
        for (let t = 0; t < d; t++) {
          const v = x[xi + t] - means[mc + t];
          diff[t] = v;
          euclid += v * v;
        }
        // Twice the largest Mahalanobis distance at which c still counts.
        const reach = 2 * (logNorm[c] - max + NEGLIGIBLE_LOG);
        if (euclid / widest[c] > reach) {
          logp[c] = -Infinity;
          continue;
        }
        // |L⁻¹(x − μ)|², walking the packed lower triangle of L⁻¹ row by row; the partial sums
        // only grow, so the walk stops once they pass the reach.
        let q = c * size;
        let maha = 0;
        for (let a = 0; a < d && maha <= reach; a++) {
          let s = 0;
          for (let b = 0; b <= a; b++) s += packed[q++] * diff[b];
          maha += s * s;
        }
        if (maha > reach) {
          logp[c] = -Infinity;
          continue;
        }
        const lp = logNorm[c] - 0.5 * maha;
        logp[c] = lp;
        if (lp > max) max = lp;
      }
      const ri = i * k;
      let sum = 0;
      let best = first;
      for (let c = 0; c < k; c++) {
        const gap = logp[c] - max;
        const e = gap < -NEGLIGIBLE_LOG ? 0 : Math.exp(gap);
        resp[ri + c] = e;
        sum += e;
        if (gap === 0) best = c;
      }
      likeliest[i] = best;
      total += max + Math.log(sum);
      const scale = 1 / sum;
      for (let c = 0; c < k; c++) resp[ri + c] *= scale;
    }
    return total;
  }

  /** log(wᶜ N(x | μᶜ, Σᶜ)) of the point at x[xi..]. */
  private logDensity(x: Float64Array, xi: number, c: number): number {
    const { d, means, diff, packed } = this;
    const mc = c * d;
    for (let t = 0; t < d; t++) diff[t] = x[xi + t] - means[mc + t];
    let q = c * this.packedSize;
    let maha = 0;
    for (let a = 0; a < d; a++) {
      let s = 0;
      for (let b = 0; b <= a; b++) s += packed[q++] * diff[b];
      maha += s * s;
    }
    return this.logNorm[c] - 0.5 * maha;
  }

  toModel(resp: Float64Array, logLikelihood: number): FittedGmm {
    const { n, d, k } = this;
    const means: number[][] = [];
    const covariances: number[][][] = [];
    for (let c = 0; c < k; c++) {
      means.push(Array.from(this.means.subarray(c * d, c * d + d)));
      const cov = this.precisions[c].covariance;
      const rows: number[][] = [];
      for (let a = 0; a < d; a++) rows.push(Array.from(cov.subarray(a * d, a * d + d)));
      covariances.push(rows);
    }
    const posteriors: number[][] = [];
    for (let i = 0; i < n; i++) posteriors.push(Array.from(resp.subarray(i * k, i * k + k)));
    return { k, weights: Array.from(this.weights), means, covariances, logLikelihood, posteriors };
  }
}

/**
 * An upper bound on the largest eigenvalue of a symmetric d×d matrix: the smaller of Gershgorin's
 * (largest absolute row sum) and the Frobenius norm.
 */
function largestEigenvalueBound(m: Float64Array, d: number): number {
  let rows = 0;
  let frobenius = 0;
  for (let a = 0; a < d; a++) {
    let row = 0;
    for (let b = 0; b < d; b++) {
      const v = m[a * d + b];
      row += Math.abs(v);
      frobenius += v * v;
    }
    if (row > rows) rows = row;
  }
  return Math.min(rows, Math.sqrt(frobenius));
}

function flatten(points: number[][], d: number): Float64Array {
  const x = new Float64Array(points.length * d);
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    if (p.length !== d) throw new RangeError(`fitGmm: point ${i} has ${p.length} dimensions, expected ${d}`);
    for (let t = 0; t < d; t++) {
      if (!Number.isFinite(p[t])) throw new RangeError(`fitGmm: point ${i} has a non-finite coordinate`);
      x[i * d + t] = p[t];
    }
  }
  return x;
}

function columnMoments(x: Float64Array, n: number, d: number): { mean: Float64Array; variance: Float64Array } {
  const mean = new Float64Array(d);
  const variance = new Float64Array(d);
  for (let i = 0; i < n; i++) for (let t = 0; t < d; t++) mean[t] += x[i * d + t] / n;
  for (let i = 0; i < n; i++) {
    for (let t = 0; t < d; t++) {
      const v = x[i * d + t] - mean[t];
      variance[t] += (v * v) / n;
    }
  }
  return { mean, variance };
}
