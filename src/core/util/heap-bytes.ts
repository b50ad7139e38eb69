/**
 * What a value takes in a V8 heap, estimated from its own lengths, for the engine's memory report
 * (engine/memory-report.ts). The sizes are V8's layout in a 64-bit Chromium, which keeps pointers
 * in 4 bytes: estimates to rank structures by, not measurements. What the whole worker holds is
 * measured apart (performance.measureUserAgentSpecificMemory, in bench:browser).
 */

/** A pointer or small integer in an object's field or an array's slot. */
export const SLOT = 4;
/** A plain object's map, properties and elements pointers, before its own fields. */
const OBJECT_HEADER = 12;
/** A JS array: its object header and length, before the slots it points to. */
const ARRAY_HEADER = 16;
/** A slot array's map and length. */
const FIXED_ARRAY_HEADER = 8;
/** A string's map, hash and length, before its characters. */
const STRING_HEADER = 12;
/** A slice of another string (V8 makes one for a substring of 13 characters or more): a pointer into its parent. */
export const SLICED_STRING = 20;
/** The shortest substring V8 keeps as a slice rather than a copy. */
export const SLICE_MIN_LENGTH = 13;
/** A typed array's object (its buffer, offset, length and data pointer), apart from the bytes it views. */
export const TYPED_ARRAY_OBJECT = 64;
/** A number that is not a small integer, boxed. */
export const HEAP_NUMBER = 12;

/** A plain object with `fields` properties. */
export function objectBytes(fields: number): number {
  return OBJECT_HEADER + SLOT * fields;
}

/** A JS array of `length` pointers or small integers (its slot array included). */
export function arrayBytes(length: number): number {
  return ARRAY_HEADER + FIXED_ARRAY_HEADER + SLOT * length;
}

/** A JS array of `length` numbers that are not all small integers (unboxed doubles). */
export function doubleArrayBytes(length: number): number {
  return ARRAY_HEADER + FIXED_ARRAY_HEADER + 8 * length;
}

/**
 * A string of its own (not a slice): one byte a character when every character is Latin-1, two
 * otherwise, rounded up to whole slots.
 */
export function stringBytes(text: string): number {
  const perChar = latin1(text) ? 1 : 2;
  return align(STRING_HEADER + perChar * text.length);
}

/** A substring of a string held elsewhere: a slice when long enough, a copy otherwise. */
export function substringBytes(text: string): number {
  return text.length >= SLICE_MIN_LENGTH ? SLICED_STRING : stringBytes(text);
}

/**
 * A Map (or a Set, `slots` 2) of `size` entries: V8's ordered hash table, whose capacity is a power
 * of two at least the size, with one bucket for two entries and `slots` pointers an entry (a Map's
 * key, value and chain). Its keys and values are counted by the caller.
 */
export function mapBytes(size: number, slots = 3): number {
  const capacity = Math.max(4, 2 ** Math.ceil(Math.log2(Math.max(1, size))));
  return OBJECT_HEADER + SLOT + FIXED_ARRAY_HEADER + 3 * SLOT + SLOT * (capacity / 2) + SLOT * slots * capacity;
}

export function setBytes(size: number): number {
  return mapBytes(size, 2);
}

function latin1(text: string): boolean {
  return !/[^\u0000-\u00ff]/.test(text);
}

function align(bytes: number): number {
  return Math.ceil(bytes / SLOT) * SLOT;
}

/**
 * The buffers behind typed arrays, by buffer: each view is counted once (the structure that holds
 * it counts its bytes), and a buffer's bytes that no view counted are what it keeps alive beside
 * them: the part of a file read whole that nothing uses any more, held by views over the rest.
 */
export class BufferTally {
  private readonly viewed = new Set<ArrayBufferView>();
  private readonly buffers = new Map<ArrayBufferLike, number>();

  /** A typed array held by a structure: its bytes and its object, or 0 when it was counted already. */
  view(array: ArrayBufferView | undefined): number {
    if (!array || this.viewed.has(array)) return 0;
    this.viewed.add(array);
    this.buffers.set(array.buffer, (this.buffers.get(array.buffer) ?? 0) + array.byteLength);
    return TYPED_ARRAY_OBJECT + array.byteLength;
  }

  /** A buffer a structure uses whole (a WebAssembly memory): its bytes, or 0 when it was counted already. */
  whole(buffer: ArrayBufferLike): number {
    const before = this.buffers.get(buffer);
    this.buffers.set(buffer, buffer.byteLength);
    return before === undefined ? buffer.byteLength : buffer.byteLength - before;
  }

  /** A buffer held whole by something that uses none of it as a view (a closure's source, say). */
  hold(buffer: ArrayBufferLike): void {
    if (!this.buffers.has(buffer)) this.buffers.set(buffer, 0);
  }

  /** Bytes of the buffers seen that no view counted (views of one buffer are taken not to overlap). */
  beyondViews(): number {
    let bytes = 0;
    for (const [buffer, viewed] of this.buffers) bytes += Math.max(0, buffer.byteLength - viewed);
    return bytes;
  }

  /** The buffers seen of at least `atLeast` bytes: how large each is and how much of it views use. */
  large(atLeast: number): { bytes: number; viewed: number }[] {
    return [...this.buffers]
      .filter(([buffer]) => buffer.byteLength >= atLeast)
      .map(([buffer, viewed]) => ({ bytes: buffer.byteLength, viewed }))
      .sort((a, b) => b.bytes - a.bytes);
  }
}
