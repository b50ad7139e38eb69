import type { Hit } from './top-k.ts';

/** A fused hit: `ranks[i]` is its 1-based rank in list i, undefined where it is absent. */
export type FusedHit = Hit & { ranks: (number | undefined)[] };

/**
 * Reciprocal rank fusion (Cormack et al. 2009): score = Σ over lists of 1 / (k + rank), rank
 * 1-based. It uses ranks only, so lists whose scores live on different scales (cosine, BM25) and
 * lists of several query variants combine without any calibration.
 *
 * Equal scores are ordered by first appearance, reading the lists rank by rank (every list's first
 * hit, then every list's second hit, ...), so a row met at a better rank comes first. A row repeated
 * within one list counts once, at its best rank.
 *
 * `groupOf`, when given, ranks groups instead of rows, and scores a row by its group. A group's
 * rank in a list is the number of distinct groups met in it up to and including its first row, and
 * its score sums 1 / (k + rank) over the lists it appears in, through whichever of its rows. Rows
 * that stand for the same thing (a chunk and its pre-parsed sentences) then do not push the others
 * down (a chunk whose ten sentences fill a list's first places costs the next chunk one place, not
 * ten), and they vote together: a chunk one list finds by its own entry and another by one of its
 * sentences has both votes, as it would if one row stood for it, where scored by row those votes
 * went to two rows of one vote each. (No row of `loci eval` on the dev sets changed with it: there
 * the lists mostly find a chunk through the same entry.)
 */
export function reciprocalRankFusion(lists: Hit[][], k = 60, groupOf?: (row: number) => string): FusedHit[] {
  const fused = new Map<number, FusedHit>();
  const appearance = new Map<number, number>();
  // What a row is scored as: its group, or itself; its rank in each list, and its summed score.
  const keyOf = new Map<number, string | number>();
  const rankIn = lists.map(() => new Map<string | number, number>());
  const score = new Map<string | number, number>();
  const longest = lists.reduce((max, list) => Math.max(max, list.length), 0);
  for (let position = 0; position < longest; position++) {
    for (let l = 0; l < lists.length; l++) {
      const hit = lists[l][position];
      if (hit === undefined) continue;
      let key = keyOf.get(hit.row);
      if (key === undefined) {
        key = groupOf ? groupOf(hit.row) : hit.row;
        keyOf.set(hit.row, key);
      }
      let rank = rankIn[l].get(key);
      if (rank === undefined) {
        rank = groupOf ? rankIn[l].size + 1 : position + 1;
        rankIn[l].set(key, rank);
        score.set(key, (score.get(key) ?? 0) + 1 / (k + rank));
      }
      let entry = fused.get(hit.row);
      if (entry === undefined) {
        entry = { row: hit.row, score: 0, ranks: new Array<number | undefined>(lists.length).fill(undefined) };
        fused.set(hit.row, entry);
        appearance.set(hit.row, appearance.size);
      }
      entry.ranks[l] ??= rank;
    }
  }
  const hits = [...fused.values()];
  for (const hit of hits) hit.score = score.get(keyOf.get(hit.row) as string | number) as number;
  return hits.sort((a, b) => b.score - a.score || (appearance.get(a.row) as number) - (appearance.get(b.row) as number));
}
