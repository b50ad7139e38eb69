import { CholeskyDecomposition, Matrix } from 'ml-matrix';

/**
 * What the E-step needs from one full-covariance Gaussian: the inverse of its Cholesky factor
 * (so a Mahalanobis distance is |L⁻¹(x − μ)|², a triangular product instead of a solve per point)
 * and half the log-determinant of the covariance.
 */
export interface Precision {
  /** The covariance actually used (row-major d×d), after any extra regularization. */
  covariance: Float64Array;
  /** L⁻¹, row-major d×d, lower triangular (the upper part is zero). */
  inverseFactor: Float64Array;
  /** ½ log det Σ = Σᵢ log Lᵢᵢ. */
  halfLogDet: number;
}

/** How many times the ridge is multiplied by 10 before giving up on a covariance. */
const MAX_RIDGE_RETRIES = 8;

/**
 * Factorizes `covariance` (row-major, symmetric, ridge already on its diagonal). A covariance
 * that is still not positive definite (a collapsed component, rounding) gets ten times more ridge
 * until it is; as a last resort `fallbackDiagonal` (the data's own variances) is used, so EM never
 * sees a singular matrix and never produces NaN.
 */
export function precisionOf(
  covariance: Float64Array,
  d: number,
  ridge: number,
  fallbackDiagonal: Float64Array,
): Precision {
  let extra = 0;
  for (let attempt = 0; attempt <= MAX_RIDGE_RETRIES; attempt++) {
    const cov = covariance.slice();
    for (let t = 0; t < d; t++) cov[t * d + t] += extra;
    const factor = choleskyFactor(cov, d);
    if (factor) return { covariance: cov, ...invertLower(factor, d) };
    extra = extra === 0 ? ridge * 10 : extra * 10;
  }
  const diag = new Float64Array(d * d);
  for (let t = 0; t < d; t++) diag[t * d + t] = fallbackDiagonal[t] + ridge;
  const factor = choleskyFactor(diag, d);
  if (!factor) throw new Error('precisionOf: fallback covariance is not positive definite');
  return { covariance: diag, ...invertLower(factor, d) };
}

function choleskyFactor(cov: Float64Array, d: number): Float64Array | undefined {
  const rows: number[][] = [];
  for (let r = 0; r < d; r++) {
    const row: number[] = new Array(d);
    // Mirror the lower triangle so the matrix is exactly symmetric (ml-matrix checks with ===).
    for (let c = 0; c < d; c++) row[c] = c <= r ? cov[r * d + c] : cov[c * d + r];
    rows.push(row);
  }
  const chol = new CholeskyDecomposition(new Matrix(rows));
  if (!chol.isPositiveDefinite()) return undefined;
  const l = chol.lowerTriangularMatrix;
  const out = new Float64Array(d * d);
  for (let r = 0; r < d; r++) {
    for (let c = 0; c <= r; c++) out[r * d + c] = l.get(r, c);
    // A factor with a zero or non-finite pivot would give an infinite Mahalanobis distance.
    if (!(out[r * d + r] > 0) || !Number.isFinite(out[r * d + r])) return undefined;
  }
  return out;
}

/** Inverse of a lower-triangular matrix by forward substitution, column by column. */
function invertLower(l: Float64Array, d: number): { inverseFactor: Float64Array; halfLogDet: number } {
  const inv = new Float64Array(d * d);
  let halfLogDet = 0;
  for (let c = 0; c < d; c++) {
    halfLogDet += Math.log(l[c * d + c]);
    inv[c * d + c] = 1 / l[c * d + c];
    for (let r = c + 1; r < d; r++) {
      let s = 0;
      for (let m = c; m < r; m++) s += l[r * d + m] * inv[m * d + c];
      inv[r * d + c] = -s / l[r * d + r];
    }
  }
  return { inverseFactor: inv, halfLogDet };
}
