/**
 * Keeps the open image (src/browser-storage/open-image.ts) current: it is written once the index has not
 * changed for a while and no document is being indexed, since encoding a large index takes this
 * worker's time (less once its blocks are cached) and a save
 * that a write overtakes is dropped anyway. It encodes in time slices (time-slices.ts), so the
 * worker answers a question asked meanwhile.
 */
import { cachedBlockBytes, type BlockCache } from '../../src/core/stored-index/binary-format.ts';
import { leanCopyOf } from '../../src/core/stored-index/vectors-in-corpus.ts';
import type { DocumentRecord, GroupRecord } from '../../src/core/stored-index/snapshot.ts';
import type { LociEngine } from '../../src/core/engine/engine.ts';
import type { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import { timeSlices } from './time-slices.ts';

export interface ImageSaverDeps {
  store: IdbIndexStore;
  engine: () => LociEngine | undefined;
  /** Whether a document is being indexed now. */
  busy: () => boolean;
  /** Quiet time before a save, ms. */
  delayMs?: number;
  /** Whether the browser has room for `bytes` more (quota.ts measureRoom); without it, room is not asked about. */
  hasRoom?: (bytes: number) => Promise<boolean>;
}

/**
 * The room an image of `bytes` asks for, replacing one of `replacing`. Writing it takes its size
 * again until the old one is replaced. One that shrinks (a document deleted) gives room back, and
 * is written whenever that much is free; one that grows is a second copy of what the records hold,
 * written only while the room left holds it twice over, so that in a nearly full storage it never
 * takes the room a document's own records need (issue 41: a 10-K's embedding was refused for want
 * of the room an image had just taken).
 */
export function imageRoom(bytes: number, replacing: number): number {
  return bytes <= replacing ? bytes : 2 * bytes;
}

/**
 * How long a save that could not be written (no room, or the write refused) waits before it is
 * tried again, doubling up to RETRY_MAX_MS while it keeps failing. Chromium caches an origin's
 * usage for about 30 s, so the room a deletion gave back shows only then: without a retry, the
 * image of a library that was full stayed behind its records until the next change (the
 * storage-full browser test, beside two other files on two cores).
 */
const RETRY_MS = 31_000;
const RETRY_MAX_MS = 8 * 60_000;

/**
 * After a save, the next waits this many times as long as that save took, so saving takes at most
 * a twentieth of the worker's time. The image is a shortcut, and one a few writes behind still
 * opens the library (the records written since are read beside it, index-changes.ts). Without the
 * bound, a large library making its topics while idle had its whole image encoded again after
 * nearly every document, for hours (docs/decisions/2026-12-03-reopen-first-sources.md#image-saves-bounded).
 */
const GAP_PER_SAVE = 19;

export class ImageSaver {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private saving = false;
  private retryMs = RETRY_MS;
  /** Date.now() before which no save starts (GAP_PER_SAVE). */
  private notBefore = 0;
  /**
   * Blocks of records already encoded: records are replaced, never changed, so a record met again
   * encodes to the same bytes. Kept only until an image is written: a save that a write overtook
   * is taken again soon and reuses them, but once written they were a second copy of the index for
   * a next save that may not come this visit; that save encodes everything again, in slices
   * (docs/decisions/2026-12-02-library-memory.md#what-was-changed-and-why).
   */
  private cache: BlockCache = new WeakMap();
  /** Holds taken (hold) and not yet let go: no image is made meanwhile. */
  private holds = 0;

  constructor(private readonly deps: ImageSaverDeps) {}

  /**
   * No image is made until the returned function is called: while the index searches a file whose
   * records are still being written (open-then-write.ts), an image would hold what a write that
   * fails never stored.
   */
  hold(): () => void {
    this.holds++;
    let held = true;
    return () => {
      if (held) this.holds--;
      held = false;
    };
  }

  /** The index changed (or may have): save once it has been quiet for a while. */
  soon(): void {
    this.retryMs = RETRY_MS;
    this.after(this.deps.delayMs ?? 3000);
  }

  private after(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.save();
    }, ms);
  }

  /**
   * Bytes of encoded blocks kept for these records (the index's, for the memory report): each
   * record's own, and its copy without vectors that an image with a search corpus encodes.
   */
  cachedBytes(records: Iterable<DocumentRecord | GroupRecord>): number {
    let bytes = 0;
    for (const record of records) {
      const lean = leanCopyOf(record);
      bytes += cachedBlockBytes(this.cache, record) + (lean ? cachedBlockBytes(this.cache, lean) : 0);
    }
    return bytes;
  }

  private async save(): Promise<void> {
    const engine = this.deps.engine();
    // damaged records are set aside, not in the engine's snapshot: an image would lose them
    if (!engine || engine.damage.length > 0) return;
    if (this.saving || this.holds > 0 || this.deps.busy()) {
      this.soon();
      return;
    }
    const wait = this.notBefore - Date.now();
    if (wait > 0) {
      this.after(wait);
      return;
    }
    this.saving = true;
    let written = false;
    const started = Date.now();
    try {
      const hasRoom = this.deps.hasRoom;
      written = await this.deps.store.saveImage(() => engine.imageSnapshot(), this.cache, timeSlices(), hasRoom && ((bytes, replacing) => hasRoom(imageRoom(bytes, replacing))));
      if (written) this.cache = new WeakMap();
    } catch {
      // the image is only a shortcut: without it the records are read
    } finally {
      this.saving = false;
      this.notBefore = Date.now() + GAP_PER_SAVE * (Date.now() - started);
    }
    // not written, and no change since to save it again: tried later (RETRY_MS)
    if (!written && this.timer === undefined && (await this.deps.store.imageBehind().catch(() => false))) {
      this.after(this.retryMs);
      this.retryMs = Math.min(2 * this.retryMs, RETRY_MAX_MS);
    }
  }
}
