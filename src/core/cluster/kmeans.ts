/**
 * Starting partition for the GMM: k-means++ seeding followed by a few Lloyd iterations.
 * EM is sensitive to where it starts; spread-out seeds avoid two components starting on the
 * same blob, and a little Lloyd refinement gives EM sensible first covariances.
 *
 * Points are a flat row-major Float64Array of n rows of d values.
 */

/** Returns the label (0..k-1) of every point. */
export function kmeansLabels(
  x: Float64Array,
  n: number,
  d: number,
  k: number,
  random: () => number,
  lloydIterations = 10,
): Int32Array {
  const centers = seedCenters(x, n, d, k, random);
  const labels = new Int32Array(n).fill(-1);
  const sums = new Float64Array(k * d);
  const counts = new Int32Array(k);
  for (let iter = 0; iter < lloydIterations; iter++) {
    if (!assign(x, n, d, k, centers, labels)) break;
    sums.fill(0);
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const c = labels[i];
      counts[c]++;
      for (let t = 0; t < d; t++) sums[c * d + t] += x[i * d + t];
    }
    // An empty cluster keeps its old center rather than collapsing onto the origin.
    for (let c = 0; c < k; c++) {
      if (counts[c] === 0) continue;
      for (let t = 0; t < d; t++) centers[c * d + t] = sums[c * d + t] / counts[c];
    }
  }
  assign(x, n, d, k, centers, labels);
  return labels;
}

/**
 * Greedy k-means++: each next seed is the best of a few candidates drawn with probability
 * proportional to their squared distance to the nearest seed, "best" meaning the one that
 * lowers the total squared distance most. Plain k-means++ (one candidate) put two seeds in one of
 * four well-separated blobs often enough for EM to stay in that local optimum and BIC to pick 5.
 */
function seedCenters(x: Float64Array, n: number, d: number, k: number, random: () => number): Float64Array {
  const centers = new Float64Array(k * d);
  const nearest = new Float64Array(n);
  const trial = new Float64Array(n);
  const best = new Float64Array(n);
  const candidates = 2 + Math.floor(Math.log(k));

  const first = Math.min(n - 1, Math.floor(random() * n));
  centers.set(x.subarray(first * d, first * d + d), 0);
  let potential = 0;
  for (let i = 0; i < n; i++) {
    nearest[i] = squaredDistance(x, i * d, x, first * d, d);
    potential += nearest[i];
  }

  for (let c = 1; c < k; c++) {
    let bestPick = -1;
    let bestPotential = Infinity;
    for (let t = 0; t < candidates; t++) {
      const pick = potential > 0 ? drawProportional(nearest, potential, random()) : Math.min(n - 1, Math.floor(random() * n));
      let total = 0;
      for (let i = 0; i < n; i++) {
        const dist = squaredDistance(x, i * d, x, pick * d, d);
        trial[i] = dist < nearest[i] ? dist : nearest[i];
        total += trial[i];
      }
      if (total < bestPotential) {
        bestPotential = total;
        bestPick = pick;
        best.set(trial);
      }
    }
    centers.set(x.subarray(bestPick * d, bestPick * d + d), c * d);
    nearest.set(best);
    potential = bestPotential;
  }
  return centers;
}

/** Index i drawn with probability weights[i] / total (`u` uniform in [0, 1)). */
function drawProportional(weights: Float64Array, total: number, u: number): number {
  let target = u * total;
  for (let i = 0; i < weights.length; i++) {
    target -= weights[i];
    if (target < 0) return i;
  }
  // Rounding left a sliver of `target`: the last point with any weight.
  for (let i = weights.length - 1; i > 0; i--) if (weights[i] > 0) return i;
  return 0;
}

function assign(x: Float64Array, n: number, d: number, k: number, centers: Float64Array, labels: Int32Array): boolean {
  let changed = false;
  for (let i = 0; i < n; i++) {
    let best = 0;
    let bestDist = Infinity;
    for (let c = 0; c < k; c++) {
      const dist = squaredDistance(x, i * d, centers, c * d, d);
      if (dist < bestDist) {
        bestDist = dist;
        best = c;
      }
    }
    if (labels[i] !== best) {
      labels[i] = best;
      changed = true;
    }
  }
  return changed;
}

function squaredDistance(a: Float64Array, ao: number, b: Float64Array, bo: number, d: number): number {
  let s = 0;
  for (let t = 0; t < d; t++) {
    const diff = a[ao + t] - b[bo + t];
    s += diff * diff;
  }
  return s;
}
