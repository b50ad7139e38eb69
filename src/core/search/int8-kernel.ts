/**
 * The int8 scan's inner loop in WebAssembly SIMD: sixteen stored codes at a time, widened to
 * 16-bit and multiplied with the 16-bit query by `i32x4.dot_i16x8_s`. Scalar JavaScript reads an
 * int8 row no faster than a float32 one (a multiply per element either way), although it is a
 * quarter of the bytes (docs/decisions/2026-11-23-int8-vectors.md).
 *
 * The module is assembled here byte by byte (about 150 bytes; the text form is in the comments)
 * so that nothing is fetched or built: it runs in Node, in workers and in tests alike. Where
 * WebAssembly SIMD is missing, `int8Kernel()` gives undefined and the index scans in JavaScript.
 */

/** Integer dot products of a query with stored rows, in WebAssembly memory. */
export interface Int8Kernel {
  readonly memory: WebAssembly.Memory;
  /**
   * For i in 0..count: out[i] = Σ_j query[j] · codes[rows[i] · stride + j], j < stride. `query`
   * is `stride` int16 values, `codes` int8 rows of `stride` bytes (a multiple of 16), `rows`
   * and `out` int32 arrays; all are byte offsets into `memory`.
   */
  dots(query: number, codes: number, stride: number, rows: number, count: number, out: number): void;
}

const I32 = 0x7f;
const V128 = 0x7b;
const SIMD = 0xfd;

// Locals: 0 query, 1 codes, 2 stride, 3 rows, 4 count, 5 out (parameters), 6 i, 7 j, 8 base (i32), 9 acc, 10 v (v128).
const [QUERY, CODES, STRIDE, ROWS, COUNT, OUT, I, J, BASE, ACC, V] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const get = (l: number) => [0x20, l];
const set = (l: number) => [0x21, l];
const tee = (l: number) => [0x22, l];
const i32const = (n: number) => [0x41, n]; // small non-negative constants only (one LEB byte, < 64)
const simd = (op: number) => (op < 128 ? [SIMD, op] : [SIMD, (op & 0x7f) | 0x80, op >> 7]);

const body = [
  // block $done: nothing to do for no rows
  0x02, 0x40,
  ...get(COUNT), 0x45 /* i32.eqz */, 0x0d, 0 /* br_if $done */,
  // loop $rows
  0x03, 0x40,
  // base = codes + rows[i] * stride
  ...get(CODES), ...get(ROWS), ...get(I), ...i32const(2), 0x74 /* shl */, 0x6a /* add */, 0x28, 2, 0 /* i32.load */,
  ...get(STRIDE), 0x6c /* mul */, 0x6a /* add */, ...set(BASE),
  // acc = 0; j = 0
  ...simd(0x0c), ...new Array<number>(16).fill(0), ...set(ACC),
  ...i32const(0), ...set(J),
  // loop $columns
  0x03, 0x40,
  // v = codes[base + j .. +16]
  ...get(BASE), ...get(J), 0x6a, ...simd(0x00), 0, 0, ...set(V),
  // acc += dot(widen_low(v), query[j .. j+8])
  ...get(ACC),
  ...get(V), ...simd(0x87), // i16x8.extend_low_i8x16_s
  ...get(QUERY), ...get(J), ...i32const(1), 0x74, 0x6a, ...simd(0x00), 0, 0, // v128.load
  ...simd(0xba), // i32x4.dot_i16x8_s
  ...simd(0xae), // i32x4.add
  // acc += dot(widen_high(v), query[j+8 .. j+16])
  ...get(V), ...simd(0x88), // i16x8.extend_high_i8x16_s
  ...get(QUERY), ...get(J), ...i32const(1), 0x74, 0x6a, ...simd(0x00), 0, 16, // v128.load offset=16
  ...simd(0xba),
  ...simd(0xae),
  ...set(ACC),
  // j += 16; continue while j < stride
  ...get(J), ...i32const(16), 0x6a, ...tee(J), ...get(STRIDE), 0x49 /* lt_u */, 0x0d, 0 /* br_if $columns */,
  0x0b, // end $columns
  // out[i] = acc's four lanes summed
  ...get(OUT), ...get(I), ...i32const(2), 0x74, 0x6a,
  ...get(ACC), ...simd(0x1b), 0,
  ...get(ACC), ...simd(0x1b), 1, 0x6a,
  ...get(ACC), ...simd(0x1b), 2, 0x6a,
  ...get(ACC), ...simd(0x1b), 3, 0x6a,
  0x36, 2, 0, // i32.store
  // i += 1; continue while i < count
  ...get(I), ...i32const(1), 0x6a, ...tee(I), ...get(COUNT), 0x49, 0x0d, 0 /* br_if $rows */,
  0x0b, // end $rows
  0x0b, // end $done
  0x0b, // end of function
];

function section(id: number, content: number[]): number[] {
  return [id, ...leb(content.length), ...content];
}

function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

const name = (s: string) => [s.length, ...Array.from(s, (c) => c.charCodeAt(0))];
const locals = [2, 3, I32, 2, V128]; // two groups: 3 × i32, 2 × v128
const code = [...locals, ...body];

const BYTES = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  // type 0: (i32 × 6) → ()
  ...section(1, [1, 0x60, 6, I32, I32, I32, I32, I32, I32, 0]),
  // import env.memory, at least one page
  ...section(2, [1, ...name('env'), ...name('memory'), 0x02, 0x00, 1]),
  // function 0 of type 0
  ...section(3, [1, 0]),
  // export "dots"
  ...section(7, [1, ...name('dots'), 0x00, 0]),
  ...section(10, [1, ...leb(code.length), ...code]),
]);

let compiled: WebAssembly.Module | null | undefined;

/** A fresh kernel over its own memory, or undefined where WebAssembly SIMD is not available. */
export function int8Kernel(): Int8Kernel | undefined {
  if (compiled === undefined) {
    compiled = typeof WebAssembly === 'object' && WebAssembly.validate(BYTES) ? new WebAssembly.Module(BYTES) : null;
  }
  if (compiled === null) return undefined;
  const memory = new WebAssembly.Memory({ initial: 1 });
  const instance = new WebAssembly.Instance(compiled, { env: { memory } });
  return { memory, dots: instance.exports.dots as Int8Kernel['dots'] };
}
