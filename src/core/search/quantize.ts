/**
 * Symmetric per-row int8 quantization, the one the int8 vector index searches with and the stores
 * keep: scale = max|v| / 127, code = round(v / scale). Written once so that vectors quantized for
 * storage come back, dequantized and quantized again by the index, as exactly the same codes.
 */

/** Writes the codes of `source[offset .. offset + dim)` at `codes[base ..]`; returns the scale. */
export function quantizeRow(source: ArrayLike<number>, offset: number, dim: number, codes: Int8Array, base: number): number {
  let max = 0;
  for (let j = offset; j < offset + dim; j++) {
    const x = Math.abs(source[j]);
    if (x > max) max = x;
  }
  // Rounded to float32 first so the codes are computed with the scale that is actually stored.
  const scale = Math.fround(max / 127);
  if (scale === 0) {
    codes.fill(0, base, base + dim);
    return 0;
  }
  const inverse = 1 / scale; // a multiply per component instead of a divide: ~2x faster loading
  for (let j = 0; j < dim; j++) {
    const code = Math.round(source[offset + j] * inverse);
    // An Int8Array store wraps rather than saturates, and max · inverse can land a hair above 127.
    codes[base + j] = code > 127 ? 127 : code < -127 ? -127 : code;
  }
  return scale;
}
