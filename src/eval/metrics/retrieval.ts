/**
 * Retrieval metrics for one question, over a ranked list of retrieved items.
 *
 * An item is described only by the gold ids it covers: a chunk that spans two gold passages covers
 * both, a chunk of an irrelevant document covers none. Keeping the metrics on ids (not on chunks)
 * lets the same functions score passages, pages, titles and qrels.
 */

/** Gold ids one retrieved item covers (possibly none). */
export type Covered = Iterable<string>;

/** Gold ids of a question with their graded relevance (> 0; binary relevance is grade 1). */
export type GoldGrades = ReadonlyMap<string, number>;

function relevantIds(gold: GoldGrades): string[] {
  const ids = [...gold].filter(([, grade]) => grade > 0).map(([id]) => id);
  // A question without gold evidence has no recall; averaging a made-up 0 or 1 would bias the mean.
  if (ids.length === 0) throw new RangeError('retrieval metric on a question without gold evidence');
  return ids;
}

function checkK(k: number): void {
  if (!(k >= 1)) throw new RangeError(`k must be at least 1, got ${k}`);
}

/** Gold ids covered by any of the first k items. */
function coveredInTop(ranked: readonly Covered[], gold: GoldGrades, k: number): Set<string> {
  const found = new Set<string>();
  for (const item of ranked.slice(0, k)) {
    for (const id of item) if ((gold.get(id) ?? 0) > 0) found.add(id);
  }
  return found;
}

/** Gold ids covered in the top k / all gold ids. */
export function recallAtK(ranked: readonly Covered[], gold: GoldGrades, k: number): number {
  checkK(k);
  const ids = relevantIds(gold);
  return coveredInTop(ranked, gold, k).size / ids.length;
}

/** 1 when every gold id is covered in the top k (the multi-hop measure), else 0. */
export function allGoldAtK(ranked: readonly Covered[], gold: GoldGrades, k: number): number {
  checkK(k);
  const ids = relevantIds(gold);
  return coveredInTop(ranked, gold, k).size === ids.length ? 1 : 0;
}

/** 1 / rank of the first item covering a gold id within the top k (default: all), 0 when none does. */
export function reciprocalRank(ranked: readonly Covered[], gold: GoldGrades, k = Infinity): number {
  checkK(k);
  relevantIds(gold);
  const n = Math.min(k, ranked.length);
  for (let i = 0; i < n; i++) {
    for (const id of ranked[i]) if ((gold.get(id) ?? 0) > 0) return 1 / (i + 1);
  }
  return 0;
}

/**
 * nDCG@k with graded gains and a log2(rank + 1) discount; the ideal ranking puts the gold grades in
 * descending order, one per rank. Each gold id earns its grade once, and an item earns the highest
 * grade among the gold ids it covers that are not yet credited: an item covering two gold passages
 * still fills one rank, so the score cannot exceed the ideal and stays within [0, 1].
 */
export function ndcgAtK(ranked: readonly Covered[], gold: GoldGrades, k: number): number {
  checkK(k);
  const ids = relevantIds(gold);
  const credited = new Set<string>();
  let dcg = 0;
  const n = Math.min(k, ranked.length);
  for (let i = 0; i < n; i++) {
    let best: string | undefined;
    for (const id of ranked[i]) {
      const grade = gold.get(id) ?? 0;
      if (grade > 0 && !credited.has(id) && (best === undefined || grade > (gold.get(best) ?? 0))) best = id;
    }
    if (best !== undefined) {
      credited.add(best);
      dcg += (gold.get(best) ?? 0) / Math.log2(i + 2);
    }
  }
  const ideal = ids
    .map((id) => gold.get(id) ?? 0)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, grade, i) => sum + grade / Math.log2(i + 2), 0);
  return dcg / ideal;
}

/** Arithmetic mean; NaN for no values (so an empty column shows as missing, not as 0). */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}
