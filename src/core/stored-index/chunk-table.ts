/**
 * A document's chunks read from their columns (chunk-columns.ts) one at a time: a chunk's id,
 * heading path and text length without making it, and the chunk itself (its object and its text,
 * a slice of the document's) only when asked for. A decoded record's `chunks` are made from it when
 * first read (chunks-when-read.ts), and the search corpus finds a chunk by its document and
 * ordinal (live-corpus.ts): opening a large library made every chunk, its id and its text before
 * the index opened, and a map of them by id, though a question reads a few dozen
 * (docs/decisions/2026-12-07-chunks-made-when-read.md).
 */
import { chunkId } from '../ids.ts';
import type { Chunk, Doc } from '../types.ts';
import { ABSENT } from './column-pack.ts';
import { loadedChunks, type StoredChunk } from './repeated-text.ts';

/** Seven int32 a chunk: heading path by number (-1: kept whole), ordinal, start, end, tokens, page, last page. */
export const CHUNK_WIDTH = 7;

/** A document's chunks as the search corpus reads them: by index, without making each. */
export interface ChunksByIndex {
  readonly count: number;
  /** Chunk `i`, made now when it was still to be made. */
  at(i: number): Chunk | undefined;
  /** Whether chunk `i`'s id is `${docId}:${i}` (then it is found by its document and ordinal). */
  placed(i: number): boolean;
  headingPath(i: number): readonly string[] | undefined;
}

export class ChunkTable implements ChunksByIndex {
  readonly count: number;
  private readonly made: (Chunk | undefined)[];
  private readonly ids: (string | undefined)[];
  private all: Chunk[] | undefined;

  /** Columns that `readChunkTable` (chunk-columns.ts) found whole: every path and kept chunk at hand. */
  constructor(
    private readonly doc: Pick<Doc, 'id' | 'text'>,
    private readonly ints: Int32Array,
    private readonly paths: readonly string[][],
    private readonly kept: ReadonlyMap<number, StoredChunk>,
  ) {
    this.count = ints.length / CHUNK_WIDTH;
    this.made = new Array(this.count);
    this.ids = new Array(this.count);
  }

  /** Every chunk, made now (those made before kept), in order. */
  chunks(): Chunk[] {
    if (!this.all) {
      const all: Chunk[] = new Array(this.count);
      for (let i = 0; i < this.count; i++) all[i] = this.at(i);
      this.all = all;
    }
    return this.all;
  }

  at(i: number): Chunk {
    const known = this.made[i];
    if (known) return known;
    const at = CHUNK_WIDTH * i;
    const { ints, doc } = this;
    const path = ints[at];
    let chunk: Chunk;
    if (path < 0) chunk = loadedChunks(doc, [this.kept.get(i)!])[0];
    else {
      const start = ints[at + 2];
      const end = ints[at + 3];
      // the fields in the order the chunker makes them
      chunk = { id: this.id(i), docId: doc.id, ordinal: ints[at + 1], text: doc.text.slice(start, end), headingPath: this.paths[path], start, end, tokens: ints[at + 4] };
      if (ints[at + 5] !== ABSENT) chunk.page = ints[at + 5];
      if (ints[at + 6] !== ABSENT) chunk.pageEnd = ints[at + 6];
    }
    this.made[i] = chunk;
    return chunk;
  }

  /** Chunk `i`'s ordinal. */
  ordinal(i: number): number {
    return this.ints[CHUNK_WIDTH * i] < 0 ? this.at(i).ordinal : this.ints[CHUNK_WIDTH * i + 1];
  }

  /** Chunk `i`'s id, made once and shared with the chunk when it is made. */
  id(i: number): string {
    if (this.ints[CHUNK_WIDTH * i] < 0) return this.at(i).id;
    return (this.ids[i] ??= chunkId(this.doc.id, this.ints[CHUNK_WIDTH * i + 1]));
  }

  /**
   * The length of chunk `i`'s text: a slice of the document's from its start to its end, which the
   * chunker keeps within the text, told without decoding the text.
   */
  textLength(i: number): number {
    const at = CHUNK_WIDTH * i;
    if (this.ints[at] < 0) return this.at(i).text.length;
    return Math.max(0, this.ints[at + 3] - this.ints[at + 2]);
  }

  placed(i: number): boolean {
    return this.ints[CHUNK_WIDTH * i] >= 0 && this.ints[CHUNK_WIDTH * i + 1] === i;
  }

  headingPath(i: number): readonly string[] {
    const path = this.ints[CHUNK_WIDTH * i];
    return path < 0 ? this.at(i).headingPath : this.paths[path];
  }

  /** Whether every chunk has been made (its memory is then the chunks'). */
  get madeAll(): boolean {
    return this.all !== undefined;
  }

  /** Bytes the table keeps beside the chunks made: its columns. */
  get columnBytes(): number {
    return this.ints.byteLength;
  }
}
