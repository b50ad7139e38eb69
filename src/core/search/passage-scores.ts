/**
 * A dense hit that is one piece of a passage read with the rest of it. The chunker cuts a paragraph
 * or a short section longer than a chunk in pieces, and the dense list then judged each piece
 * alone: the best of a passage's pieces was a second draw an uncut passage does not get, and a
 * piece reading close to a question by chance outranked whole passages an encoder reading them
 * whole put first ([record](../../../docs/decisions/2026-12-07-pieces-read-with-their-passage.md)).
 */
import type { FlatVectorIndex } from './flat-vector-index.ts';
import type { Hit } from './top-k.ts';

/**
 * The rows of the passage a row is a piece of, in document order and the row among them, when its
 * passage is read whole (a section that fits the embedder's window, cut in two or more chunks);
 * undefined for a row that is a passage of its own or no chunk's own entry.
 */
export type PassageRows = (row: number) => readonly number[] | undefined;

/**
 * The dense list with each piece of a cut passage scored half by its own vector and half by its
 * passage's, the normalized sum of its pieces' vectors: what the pieces say together, without a
 * second embedding. Other hits keep their scores; the list is sorted again, ties in their order.
 */
export function readWithPassages(hits: readonly Hit[], query: Float32Array, vectors: FlatVectorIndex, passageOf: PassageRows): Hit[] {
  const byPassage = new Map<readonly number[], number | undefined>();
  const read = hits.map((hit, at) => {
    const rows = passageOf(hit.row);
    if (!rows || rows.length < 2) return { hit, at };
    if (!byPassage.has(rows)) byPassage.set(rows, similarityToSum(query, rows, vectors));
    const passage = byPassage.get(rows);
    return { hit: passage === undefined ? hit : { row: hit.row, score: (hit.score + passage) / 2 }, at };
  });
  return read.sort((a, b) => b.hit.score - a.hit.score || a.at - b.at).map((r) => r.hit);
}

/**
 * The query's similarity to the normalized sum of the rows' vectors, from its scores against each
 * (scanned as the search scans them) and the sum's length; undefined when fewer than two have vectors.
 */
function similarityToSum(query: Float32Array, rows: readonly number[], vectors: FlatVectorIndex): number | undefined {
  const held = Int32Array.from(rows.filter((row) => !vectors.isRemoved(row)));
  if (held.length < 2) return undefined;
  const length = sumLength(held, rows, vectors);
  if (length === 0) return undefined;
  const scored = vectors.searchScored(query, held.length, held).hits;
  return scored.reduce((total, hit) => total + hit.score, 0) / length;
}

/** The length of the sum of the rows' vectors: one passage's, kept while its rows are (passageRowsOf keeps them per layout). */
const lengths = new WeakMap<readonly number[], { held: number; length: number }>();

function sumLength(held: Int32Array, rows: readonly number[], vectors: FlatVectorIndex): number {
  const kept = lengths.get(rows);
  if (kept && kept.held === held.length) return kept.length;
  const sum = new Float64Array(vectors.dimension);
  for (const row of held) {
    const v = vectors.vector(row);
    for (let d = 0; d < sum.length; d++) sum[d] += v[d];
  }
  const length = Math.sqrt(sum.reduce((total, x) => total + x * x, 0));
  lengths.set(rows, { held: held.length, length });
  return length;
}
