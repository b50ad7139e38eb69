/**
 * Soft membership: a point belongs to every cluster whose posterior exceeds the threshold (the
 * paper's and RAPTOR's rule, kept soft where the paper's code and RAGFlow keep only the first).
 *
 * Returns, per cluster (column of `posteriors`), the indices of its points in ascending order.
 * A point whose posteriors are all at or below the threshold joins its most probable cluster:
 * with k > 1/threshold components a point spread between several of them can clear none, and an
 * orphaned chunk would be reachable through no cluster chunk and have no parent in a RAPTOR tree.
 */
export function softMemberships(posteriors: number[][], threshold: number): number[][] {
  const k = posteriors.length > 0 ? posteriors[0].length : 0;
  const clusters: number[][] = Array.from({ length: k }, () => []);
  for (let i = 0; i < posteriors.length; i++) {
    const row = posteriors[i];
    let joined = false;
    let best = 0;
    for (let c = 0; c < k; c++) {
      if (row[c] > threshold) {
        clusters[c].push(i);
        joined = true;
      }
      if (row[c] > row[best]) best = c;
    }
    if (!joined && k > 0) clusters[best].push(i);
  }
  return clusters;
}
