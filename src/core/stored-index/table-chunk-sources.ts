/** The sources of a document's own entries when its chunks are read from their columns (chunk-table.ts). */
import type { Chunk } from '../types.ts';
import type { ChunkTable } from './chunk-table.ts';
import type { TextSources } from './entry-sources.ts';
import { chunkSources } from './repeated-text.ts';

/**
 * One document's chunks read from their columns (chunk-table.ts): an entry finds its own chunk's
 * id and text length by ordinal without the chunk being made, and its chunk made only when its
 * text is. A class, so that a library's tables share its methods rather than hold closures each.
 */
export class TableChunkSources implements TextSources {
  private byId: TextSources | undefined;

  constructor(private readonly table: ChunkTable) {}

  chunk(id: string): Chunk | undefined {
    return (this.byId ??= chunkSources([this.table.chunks()])).chunk(id);
  }

  chunkAt(n: number): Chunk | undefined {
    return this.own(n) ? this.table.at(n) : undefined;
  }

  chunkIdAt(n: number): string | undefined {
    return this.own(n) ? this.table.id(n) : undefined;
  }

  chunkLengthAt(n: number): number | undefined {
    return this.own(n) ? this.table.textLength(n) : undefined;
  }

  private own(n: number): boolean {
    return n >= 0 && n < this.table.count && this.table.ordinal(n) === n;
  }
}
