/**
 * A set of rows as one byte a row, for filters that ask "is this row searched?" per posting.
 * Made once per rows array: a strategy's rows come from the corpus's cache (`rowsFor`) until its
 * rows change, so the mask over 100k rows is not rebuilt for every question, and every caller
 * asking for the same rows shares one.
 */
const masks = new WeakMap<Int32Array, Uint8Array>();

export function rowMask(rows: Int32Array, size: number): Uint8Array {
  let mask = masks.get(rows);
  if (!mask || mask.length !== size) {
    mask = new Uint8Array(size);
    for (let i = 0; i < rows.length; i++) mask[rows[i]] = 1;
    masks.set(rows, mask);
  }
  return mask;
}
