import type { VectorStorage } from '../types.ts';
import type { VectorRows } from './corpus-image.ts';
import { int8Kernel, type Int8Kernel } from './int8-kernel.ts';
import { quantizeRow } from './quantize.ts';
import type { BufferTally } from '../util/heap-bytes.ts';
import { TopK, type Hit } from './top-k.ts';

/** A search's best rows, and the mean score of every row it scanned. */
export interface ScoredHits {
  hits: Hit[];
  mean: number;
}

/** What a scan adds up on its way: the scores of the rows it scored, and how many. */
interface ScanSum {
  sum: number;
  count: number;
}

/**
 * Exact nearest neighbours by a linear scan over one contiguous buffer. Vectors are unit length, so
 * cosine similarity is the dot product. At the sizes a browser holds (up to ~100k entries) a tight
 * scan is fast enough and, unlike an approximate index, never misses a candidate.
 *
 * `int8` keeps one signed byte per dimension plus one float scale per row (symmetric per-row
 * quantization: code = round(v / scale), scale = max|v| / 127), a quarter of the memory. Where
 * WebAssembly SIMD runs, the codes live in its memory, each row padded to a multiple of 16 bytes,
 * and the scan multiplies them sixteen at a time with the query rounded to 16 bits (int8-kernel.ts);
 * elsewhere the query stays in float and JavaScript scans.
 *
 * Rows are numbered in insertion order and never renumbered: a removed row is a tombstone that no
 * search returns, so row numbers held elsewhere (entries, the lexical index) stay valid.
 */
export class FlatVectorIndex {
  readonly dimension: number;
  readonly storage: VectorStorage;
  private rowCount = 0;
  private capacity = 0;
  private floats = new Float32Array(0);
  private codes = new Int8Array(0);
  /** The int8 scan in WebAssembly, when available; its memory holds `codes`. */
  private readonly kernel: Int8Kernel | undefined;
  /** Bytes per int8 row: the dimension, padded to whole 16-byte SIMD steps for the kernel. */
  private readonly stride: number;
  private scales = new Float32Array(0);
  private removed = new Uint8Array(0);
  private removedCount = 0;

  constructor(dimension: number, storage: VectorStorage = 'float32') {
    if (!Number.isInteger(dimension) || dimension <= 0) {
      throw new RangeError(`FlatVectorIndex: dimension must be a positive integer, got ${dimension}`);
    }
    this.dimension = dimension;
    this.storage = storage;
    this.kernel = storage === 'int8' ? int8Kernel() : undefined;
    this.stride = this.kernel ? Math.ceil(dimension / 16) * 16 : dimension;
  }

  /** Rows ever added, removed ones included: valid row numbers are `0 .. size - 1`. */
  get size(): number {
    return this.rowCount;
  }

  /** Rows that a search can still return. */
  get liveSize(): number {
    return this.rowCount - this.removedCount;
  }

  /** Appends vectors (an array of them, or rows × dimension floats); returns the first new row. */
  add(vectors: Float32Array[] | Float32Array): number {
    const dim = this.dimension;
    const first = this.rowCount;
    if (vectors instanceof Float32Array) {
      if (vectors.length % dim !== 0) {
        throw new RangeError(`FlatVectorIndex: ${vectors.length} floats is not a multiple of dimension ${dim}`);
      }
      const n = vectors.length / dim;
      this.reserve(first + n);
      for (let i = 0; i < n; i++) this.write(first + i, vectors, i * dim);
      this.rowCount += n;
    } else {
      for (const v of vectors) {
        if (v.length !== dim) throw new RangeError(`FlatVectorIndex: vector of length ${v.length}, expected ${dim}`);
      }
      this.reserve(first + vectors.length);
      for (let i = 0; i < vectors.length; i++) this.write(first + i, vectors[i], 0);
      this.rowCount += vectors.length;
    }
    return first;
  }

  /**
   * Appends `count` rows that no search returns, for entries that are searched by their words
   * while their vectors are still being computed; returns the first. Their row numbers are taken
   * so the lexical index can share them; the rows are replaced whole once the vectors come.
   */
  addAbsent(count: number): number {
    const first = this.add(new Float32Array(count * this.dimension));
    const rows = new Int32Array(count);
    for (let i = 0; i < count; i++) rows[i] = first + i;
    this.removeRows(rows);
    return first;
  }

  /** Tombstones rows; removing a row twice is harmless. */
  removeRows(rows: Iterable<number>): void {
    for (const row of rows) {
      this.checkRow(row);
      if (this.removed[row] === 0) {
        this.removed[row] = 1;
        this.removedCount++;
      }
    }
  }

  isRemoved(row: number): boolean {
    this.checkRow(row);
    return this.removed[row] === 1;
  }

  /** A copy of the stored vector (dequantized for int8, so it shows what the scores really use). */
  vector(row: number): Float32Array {
    this.checkRow(row);
    const dim = this.dimension;
    if (this.storage === 'float32') return this.floats.slice(row * dim, row * dim + dim);
    const base = row * this.stride;
    const out = new Float32Array(dim);
    const scale = this.scales[row];
    for (let j = 0; j < dim; j++) out[j] = this.codes[base + j] * scale;
    return out;
  }

  /**
   * The k rows most similar to `query`, best first, ties by lower row. `rows` restricts the scan to
   * those rows (distinct, each < size); removed rows are skipped either way.
   */
  search(query: Float32Array, k: number, rows?: Int32Array): Hit[] {
    return this.searchScored(query, k, rows).hits;
  }

  /**
   * The same k rows, with the mean score of every row scanned: how similar this query is to a
   * typical passage of the library, which hybrid fusion reads as the dense list's zero (fusion.ts).
   * The scan scores every row anyway, so the mean costs one addition a row.
   */
  searchScored(query: Float32Array, k: number, rows?: Int32Array): ScoredHits {
    if (query.length !== this.dimension) {
      throw new RangeError(`FlatVectorIndex: query of length ${query.length}, expected ${this.dimension}`);
    }
    const top = new TopK(Math.max(0, Math.floor(k)));
    if (top.k === 0) return { hits: [], mean: 0 };
    const { sum, count } = this.scan(query, top, rows);
    return { hits: top.result(), mean: count > 0 ? sum / count : 0 };
  }

  /** The rows as held (int8 codes without the kernel's padding), for an image of the corpus. */
  exportRows(): VectorRows {
    const { dimension, storage, stride } = this;
    const size = this.rowCount;
    const removed = this.removed.slice(0, size);
    if (storage === 'float32') return { storage, dimension, size, floats: this.floats.slice(0, size * dimension), removed };
    const codes = new Int8Array(size * dimension);
    for (let row = 0; row < size; row++) codes.set(this.codes.subarray(row * stride, row * stride + dimension), row * dimension);
    return { storage, dimension, size, codes, scales: this.scales.slice(0, size), removed };
  }

  /** Takes over exported rows of the same dimension and storage; the index must be empty. */
  adoptRows(rows: VectorRows): void {
    const { dimension, stride } = this;
    if (this.rowCount > 0) throw new Error('FlatVectorIndex: rows are adopted only by an empty index');
    if (rows.dimension !== dimension || rows.storage !== this.storage) {
      throw new RangeError(`FlatVectorIndex: rows of ${rows.dimension} ${rows.storage} values, expected ${dimension} ${this.storage}`);
    }
    const { size } = rows;
    const values = rows.storage === 'float32' ? rows.floats : rows.codes;
    if (values?.length !== size * dimension || rows.removed.length !== size || (rows.storage === 'int8' && rows.scales?.length !== size)) {
      throw new RangeError(`FlatVectorIndex: adopted rows are not ${size} whole rows`);
    }
    this.reserve(size);
    if (rows.floats) this.floats.set(rows.floats);
    else if (rows.codes && rows.scales) {
      if (stride === dimension) this.codes.set(rows.codes);
      else for (let row = 0; row < size; row++) this.codes.set(rows.codes.subarray(row * dimension, (row + 1) * dimension), row * stride);
      this.scales.set(rows.scales);
    }
    this.removed.set(rows.removed);
    this.rowCount = size;
    this.removedCount = rows.removed.reduce((n, r) => n + r, 0);
  }

  /** Bytes of vector data held for the rows added so far (spare capacity not counted). */
  byteLength(): number {
    const n = this.rowCount;
    const data = this.storage === 'float32' ? n * this.dimension * 4 : n * this.stride + n * 4;
    return data + n; // + one tombstone byte per row
  }

  /**
   * What the rows hold in memory, spare capacity included (the engine's memory report): the int8
   * codes' WebAssembly memory whole (the scan's query and scores live at its end), or the floats,
   * with the scales and tombstones.
   */
  memoryBytes(tally: BufferTally): number {
    const values = this.kernel ? tally.whole(this.kernel.memory.buffer) : tally.view(this.codes) + tally.view(this.floats);
    return values + tally.view(this.scales) + tally.view(this.removed);
  }

  // The scan is written for speed because it is the whole cost of a query at 100k entries: no
  // allocation, no callback per row, a monomorphic dot product per storage that V8 inlines.
  private scan(q: Float32Array, top: TopK, rows: Int32Array | undefined): ScanSum {
    const dim = this.dimension;
    const removed = this.removed;
    const size = this.rowCount;
    let sum = 0;
    let count = 0;
    if (this.storage === 'float32') {
      const data = this.floats;
      if (rows === undefined) {
        for (let row = 0; row < size; row++) {
          if (removed[row] === 1) continue;
          const score = dotFloat32(q, data, row * dim, dim);
          sum += score;
          count++;
          if (score >= top.threshold) top.push(row, score);
        }
      } else {
        for (let i = 0; i < rows.length; i++) {
          const row = rows[i];
          if (row < 0 || row >= size) throw new RangeError(`FlatVectorIndex: no row ${row}`);
          if (removed[row] === 1) continue;
          const score = dotFloat32(q, data, row * dim, dim);
          sum += score;
          count++;
          if (score >= top.threshold) top.push(row, score);
        }
      }
    } else if (this.kernel) {
      return this.scanKernel(this.kernel, q, top, rows);
    } else {
      const codes = this.codes;
      const scales = this.scales;
      if (rows === undefined) {
        for (let row = 0; row < size; row++) {
          if (removed[row] === 1) continue;
          const score = scales[row] * dotInt8(q, codes, row * dim, dim);
          sum += score;
          count++;
          if (score >= top.threshold) top.push(row, score);
        }
      } else {
        for (let i = 0; i < rows.length; i++) {
          const row = rows[i];
          if (row < 0 || row >= size) throw new RangeError(`FlatVectorIndex: no row ${row}`);
          if (removed[row] === 1) continue;
          const score = scales[row] * dotInt8(q, codes, row * dim, dim);
          sum += score;
          count++;
          if (score >= top.threshold) top.push(row, score);
        }
      }
    }
    return { sum, count };
  }

  /**
   * The int8 scan through the WebAssembly kernel: the query rounded to int16 (scale max|q| / 32767,
   * an error far below the rows' own rounding) and the rows to score go into the kernel's memory
   * after the codes, it writes one integer dot product per row, and each becomes a score here.
   */
  private scanKernel(kernel: Int8Kernel, q: Float32Array, top: TopK, rows: Int32Array | undefined): ScanSum {
    const { stride } = this;
    const size = this.rowCount;
    const count = rows === undefined ? size : rows.length;
    const queryAt = align16(this.capacity * stride);
    const rowsAt = queryAt + stride * 2;
    const outAt = rowsAt + count * 4;
    this.ensureMemory(kernel, outAt + count * 4);
    const buffer = kernel.memory.buffer;
    let max = 0;
    for (let j = 0; j < q.length; j++) max = Math.max(max, Math.abs(q[j]));
    const queryScale = max / 32767;
    const query = new Int16Array(buffer, queryAt, stride);
    query.fill(0);
    if (queryScale > 0) for (let j = 0; j < q.length; j++) query[j] = Math.round(q[j] / queryScale);
    const list = new Int32Array(buffer, rowsAt, count);
    if (rows === undefined) {
      for (let i = 0; i < count; i++) list[i] = i;
    } else {
      for (let i = 0; i < count; i++) {
        const row = rows[i];
        if (row < 0 || row >= size) throw new RangeError(`FlatVectorIndex: no row ${row}`);
        list[i] = row;
      }
    }
    kernel.dots(queryAt, 0, stride, rowsAt, count, outAt);
    const dots = new Int32Array(buffer, outAt, count);
    const { removed, scales } = this;
    let sum = 0;
    let scored = 0;
    for (let i = 0; i < count; i++) {
      const row = list[i];
      if (removed[row] === 1) continue;
      const score = scales[row] * queryScale * dots[i];
      sum += score;
      scored++;
      if (score >= top.threshold) top.push(row, score);
    }
    return { sum, count: scored };
  }

  /** Grows the kernel's memory to at least `bytes`, and views the codes in it again (growing detaches them). */
  private ensureMemory(kernel: Int8Kernel, bytes: number): void {
    const have = kernel.memory.buffer.byteLength;
    if (bytes > have) kernel.memory.grow(Math.ceil((bytes - have) / 65536));
    const length = this.capacity * this.stride;
    if (this.codes.buffer !== kernel.memory.buffer || this.codes.length !== length) this.codes = new Int8Array(kernel.memory.buffer, 0, length);
  }

  private write(row: number, source: Float32Array, offset: number): void {
    const dim = this.dimension;
    if (this.storage === 'float32') {
      this.floats.set(source.subarray(offset, offset + dim), row * dim);
      return;
    }
    const base = row * this.stride;
    this.scales[row] = quantizeRow(source, offset, dim, this.codes, base);
    // a zero vector's padding may hold an earlier query's scratch space (scanKernel)
    if (this.scales[row] === 0) this.codes.fill(0, base, base + this.stride);
  }

  /** Grows the buffers geometrically so adding documents one by one stays linear overall. */
  private reserve(rows: number): void {
    if (rows <= this.capacity) return;
    const capacity = Math.max(rows, Math.ceil(this.capacity * 1.5), 64);
    const dim = this.dimension;
    if (this.storage === 'float32') {
      const floats = new Float32Array(capacity * dim);
      floats.set(this.floats);
      this.floats = floats;
    } else {
      if (this.kernel) {
        // the codes are the start of the kernel's memory: growing it keeps them where they are
        this.capacity = capacity;
        this.ensureMemory(this.kernel, capacity * this.stride);
      } else {
        const codes = new Int8Array(capacity * dim);
        codes.set(this.codes);
        this.codes = codes;
      }
      const scales = new Float32Array(capacity);
      scales.set(this.scales);
      this.scales = scales;
    }
    const removed = new Uint8Array(capacity);
    removed.set(this.removed);
    this.removed = removed;
    this.capacity = capacity;
  }

  private checkRow(row: number): void {
    if (!Number.isInteger(row) || row < 0 || row >= this.rowCount) {
      throw new RangeError(`FlatVectorIndex: no row ${row}`);
    }
  }
}

// Eight products per step into four accumulators: independent adds pipeline and the loop checks
// less often than the plain loop does in V8. Two copies so each stays monomorphic.
function dotFloat32(q: Float32Array, v: Float32Array, base: number, dim: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let j = 0;
  let c = base;
  for (; j + 7 < dim; j += 8, c += 8) {
    s0 += q[j] * v[c] + q[j + 4] * v[c + 4];
    s1 += q[j + 1] * v[c + 1] + q[j + 5] * v[c + 5];
    s2 += q[j + 2] * v[c + 2] + q[j + 6] * v[c + 6];
    s3 += q[j + 3] * v[c + 3] + q[j + 7] * v[c + 7];
  }
  for (; j < dim; j++, c++) s0 += q[j] * v[c];
  return s0 + s1 + (s2 + s3);
}

function dotInt8(q: Float32Array, v: Int8Array, base: number, dim: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let j = 0;
  let c = base;
  for (; j + 7 < dim; j += 8, c += 8) {
    s0 += q[j] * v[c] + q[j + 4] * v[c + 4];
    s1 += q[j + 1] * v[c + 1] + q[j + 5] * v[c + 5];
    s2 += q[j + 2] * v[c + 2] + q[j + 6] * v[c + 6];
    s3 += q[j + 3] * v[c + 3] + q[j + 7] * v[c + 7];
  }
  for (; j < dim; j++, c++) s0 += q[j] * v[c];
  return s0 + s1 + (s2 + s3);
}

function align16(bytes: number): number {
  return Math.ceil(bytes / 16) * 16;
}
