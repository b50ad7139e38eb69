/**
 * The stored index as it is being read, handed to the open that takes it (index-open.ts): the
 * read the workspace begins at start, beside the library's rows, or an imported file's index as
 * decoded (file-merge.ts), which is opened without reading it back.
 */
import type { IndexSnapshot } from '../../src/core/stored-index/snapshot.ts';

export interface StoredRead {
  snapshot: Promise<IndexSnapshot | undefined>;
  /** performance.now() when the read began: the opening's time counts from it. */
  since: number;
}

/** The read begun at start, taken by the first open only: a later one reads what is stored then. */
export class ReadAhead {
  constructor(private read: StoredRead | undefined) {}

  take(): StoredRead | undefined {
    const read = this.read;
    this.read = undefined;
    return read;
  }
}
