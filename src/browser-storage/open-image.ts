/**
 * The open image: the whole index in the one-file format (core/stored-index/binary-format.ts), kept in
 * a file beside IndexedDB so that opening a large library reads one file instead of thousands of
 * records. IndexedDB stays the truth: the image is a copy made at one index revision (revision.ts)
 * and is used only while the revision still reads the same and every block's checksum holds;
 * otherwise the records are read, as without an image.
 *
 * Why a file: Chromium's IndexedDB read 56 MB here at 20-50 MB/s whatever the record shape
 * (4,000 records of objects 2.7 s, of bare 14 KB buffers 2.8 s, 40 buffers of 1.4 MB 1.5 s),
 * so the 100k-entry library spent 8 s of its reopen reading records; a file in the origin private
 * file system reads at disk speed.
 *
 *   bytes 0..3   "LIMG"
 *   bytes 4..11  the index revision the image was made at (f64, little endian)
 *   bytes 12..   the index, as encodeIndex writes it
 */
import { decodeIndex, encodeIndex, type BlockCache } from '../core/stored-index/binary-format.ts';
import type { IndexSnapshot } from '../core/stored-index/snapshot.ts';

/** Where the image's bytes live: a file in the origin private file system in the app, memory in tests. */
export interface ImageFile {
  read(): Promise<Uint8Array | undefined>;
  /** Replaces the file's content whole; a write that fails leaves the file as it was (never half of one). */
  write(bytes: Uint8Array): Promise<void>;
  remove(): Promise<void>;
}

const MAGIC = [0x4c, 0x49, 0x4d, 0x47]; // LIMG
const HEADER = 12;

export async function encodeImage(snapshot: IndexSnapshot, revision: number, cache?: BlockCache): Promise<Uint8Array> {
  const index = await encodeIndex(snapshot, cache);
  const bytes = new Uint8Array(HEADER + index.length);
  bytes.set(MAGIC, 0);
  new DataView(bytes.buffer).setFloat64(4, revision, true);
  bytes.set(index, HEADER);
  return bytes;
}

/** The index in the image when it was made at `revision` and is whole; undefined otherwise. */
export async function decodeImage(bytes: Uint8Array, revision: number): Promise<IndexSnapshot | undefined> {
  if (bytes.length < HEADER || MAGIC.some((b, i) => bytes[i] !== b)) return undefined;
  if (new DataView(bytes.buffer, bytes.byteOffset, HEADER).getFloat64(4, true) !== revision) return undefined;
  try {
    const snapshot = await decodeIndex(bytes.subarray(HEADER));
    // a damaged copy is no reason to set a document aside: the records themselves are read instead
    return snapshot.damage ? undefined : snapshot;
  } catch {
    return undefined;
  }
}

/** The image as a file in the origin private file system; undefined where the browser has none (or in Node). */
export async function privateImageFile(name = 'loci-index.image'): Promise<ImageFile | undefined> {
  const storage = (globalThis as { navigator?: { storage?: Partial<StorageManager> } }).navigator?.storage;
  if (!storage?.getDirectory) return undefined;
  let dir: FileSystemDirectoryHandle;
  try {
    dir = await storage.getDirectory();
  } catch {
    return undefined;
  }
  const handle = (create: boolean) => dir.getFileHandle(name, { create });
  return {
    async read() {
      try {
        return new Uint8Array(await (await (await handle(false)).getFile()).arrayBuffer());
      } catch {
        return undefined;
      }
    },
    async write(bytes) {
      // createWritable writes to a swap file and replaces the file on close: a failure keeps the old one
      const writable = await (await handle(true)).createWritable();
      try {
        await writable.write(bytes as Uint8Array<ArrayBuffer>);
        await writable.close();
      } catch (error) {
        await writable.abort().catch(() => undefined);
        throw error;
      }
    },
    async remove() {
      await dir.removeEntry(name).catch(() => undefined);
    },
  };
}
