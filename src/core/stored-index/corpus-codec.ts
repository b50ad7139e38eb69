/**
 * The search corpus image (search/corpus-image.ts) as bytes, checksummed as a whole: a damaged
 * image is not an index's damage, only a shortcut lost, so it decodes to undefined and the corpus
 * is laid out from the records instead.
 *
 *   bytes 0..3   length of the JSON head (u32, little endian)
 *   bytes 4..    the head: the words, the owners, the sizes, each array's place and the checksum
 *   then         the arrays, each starting at a multiple of 8
 */
import type { CorpusImage, LexicalState, VectorRows } from '../search/corpus-image.ts';
import { checksums } from '../util/checksum.ts';
import type { Breathe } from './binary-format.ts';

type Typed = Int8Array | Uint8Array | Uint16Array | Int32Array | Uint32Array | Float32Array;

const ARRAYS = {
  ownerRows: Int32Array,
  codes: Int8Array,
  scales: Float32Array,
  floats: Float32Array,
  removed: Uint8Array,
  offsets: Uint32Array,
  postingRows: Int32Array,
  postingCounts: Uint16Array,
  live: Uint32Array,
  state: Uint8Array,
  lengths: Uint32Array,
} as const;
type ArrayName = keyof typeof ARRAYS;

interface Head {
  storage: VectorRows['storage'];
  dimension: number;
  size: number;
  words: string[];
  analyzer?: number;
  /** Each owner with how many rows it has: its rows are the next run of `ownerRows`. */
  owners: [string, number][];
  alive: number;
  totalLength: number;
  /** Each array's byte offset and element count, after the head. */
  arrays: Partial<Record<ArrayName, [number, number]>>;
  /** Of the bytes after the head. */
  sum: string;
}

export interface EncodeCorpusOptions {
  /** Awaited between steps (arrays copied, slices hashed), so a worker answers meanwhile (time-slices.ts). */
  breathe?: Breathe;
  /**
   * Bytes left free before the corpus in the buffer returned, for what the caller writes ahead of
   * it (the open image's header and index), so the corpus is not copied once more behind them.
   */
  at?: number;
}

/** The corpus's bytes, from `at` (0 by default) in the buffer returned. */
export async function encodeCorpus(image: CorpusImage, { breathe, at = 0 }: EncodeCorpusOptions = {}): Promise<Uint8Array> {
  const { vectors: v, lexical: l } = image;
  const ownerRows = new Int32Array(image.owners.reduce((n, o) => n + o.rows.length, 0));
  let filled = 0;
  for (const o of image.owners) {
    ownerRows.set(o.rows, filled);
    filled += o.rows.length;
  }
  const arrays: [ArrayName, Typed | undefined][] = [
    ['ownerRows', ownerRows],
    ['codes', v.codes],
    ['scales', v.scales],
    ['floats', v.floats],
    ['removed', v.removed],
    ['offsets', l.offsets],
    ['postingRows', l.rows],
    ['postingCounts', l.counts],
    ['live', l.live],
    ['state', l.state],
    ['lengths', l.lengths],
  ];
  const places: Head['arrays'] = {};
  let length = 0;
  for (const [name, array] of arrays) {
    if (!array) continue;
    places[name] = [length, array.length];
    length = align8(length + array.byteLength);
  }
  const head: Head = {
    storage: v.storage,
    dimension: v.dimension,
    size: v.size,
    words: l.words,
    ...(l.analyzer !== undefined ? { analyzer: l.analyzer } : {}),
    owners: image.owners.map((o): [string, number] => [o.owner, o.rows.length]),
    alive: l.alive,
    totalLength: l.totalLength,
    arrays: places,
    // laid out with a checksum's 16 digits in place of the checksum, which is of the bytes after it
    sum: '0'.repeat(16),
  };
  const headLength = new TextEncoder().encode(JSON.stringify(head)).length;
  const start = align8(4 + headLength);
  // the arrays are written where they go, not gathered first and copied after the head
  const out = new Uint8Array(at + start + length);
  const body = out.subarray(at + start);
  for (const [name, array] of arrays) {
    if (!array) continue;
    body.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), (places[name] as [number, number])[0]);
    await breathe?.();
  }
  const sums = await checksums();
  head.sum = breathe ? await sums.bytesInSlices(body, breathe) : sums.bytes(body);
  const headBytes = new TextEncoder().encode(JSON.stringify(head));
  if (headBytes.length !== headLength) throw new Error(`the corpus head changed length when its checksum was written (${headLength} → ${headBytes.length} bytes)`);
  new DataView(out.buffer).setUint32(at, headBytes.length, true);
  out.set(headBytes, at + 4);
  return out;
}

/**
 * The corpus image, or undefined when the bytes are not a whole one. With `view`, for bytes whose
 * buffer holds nothing else worth freeing (the app reads the open image's corpus into a buffer of
 * its own), the arrays are views over them where they lie at a multiple of their element size;
 * otherwise each is copied out.
 */
export async function decodeCorpus(bytes: Uint8Array, options: { view?: boolean } = {}): Promise<CorpusImage | undefined> {
  try {
    if (bytes.length < 4) return undefined;
    const headLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
    const head = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(4, 4 + headLength))) as Head;
    const body = bytes.subarray(align8(4 + headLength));
    if ((await checksums()).bytes(body) !== head.sum) return undefined;
    const read = <N extends ArrayName>(name: N): InstanceType<(typeof ARRAYS)[N]> | undefined => {
      const place = head.arrays[name];
      if (!place) return undefined;
      const Type = ARRAYS[name];
      const [offset, count] = place;
      const start = body.byteOffset + offset;
      if (options.view && start % Type.BYTES_PER_ELEMENT === 0) return new Type(body.buffer as ArrayBuffer, start, count) as InstanceType<(typeof ARRAYS)[N]>;
      // copied out, so that the array starts where its type needs it to, and the bytes can go
      return new Type(body.slice(offset, offset + count * Type.BYTES_PER_ELEMENT).buffer) as InstanceType<(typeof ARRAYS)[N]>;
    };
    const ownerRows = read('ownerRows');
    const [offsets, rows, counts, live, state, lengths, removed] = [read('offsets'), read('postingRows'), read('postingCounts'), read('live'), read('state'), read('lengths'), read('removed')];
    if (!ownerRows || !offsets || !rows || !counts || !live || !state || !lengths || !removed) return undefined;
    if (offsets.length !== head.words.length + 1 || live.length !== head.words.length || offsets[head.words.length] !== rows.length) return undefined;
    const lexical: LexicalState = { words: head.words, ...(head.analyzer !== undefined ? { analyzer: head.analyzer } : {}), offsets, rows, counts, live, state, lengths, alive: head.alive, totalLength: head.totalLength };
    const codes = read('codes');
    const scales = read('scales');
    const floats = read('floats');
    const vectors: VectorRows = { storage: head.storage, dimension: head.dimension, size: head.size, removed, ...(codes ? { codes } : {}), ...(scales ? { scales } : {}), ...(floats ? { floats } : {}) };
    const owners: CorpusImage['owners'] = [];
    let at = 0;
    for (const [owner, count] of head.owners) {
      owners.push({ owner, rows: ownerRows.subarray(at, at + count) });
      at += count;
    }
    if (at !== ownerRows.length) return undefined;
    return { vectors, lexical, owners };
  } catch {
    return undefined;
  }
}

function align8(n: number): number {
  return (n + 7) & ~7;
}
