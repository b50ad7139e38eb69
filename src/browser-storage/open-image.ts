/**
 * The open image: the whole index in the one-file format (core/stored-index/binary-format.ts), kept in
 * a file beside IndexedDB so that opening a large library reads one file instead of thousands of
 * records. IndexedDB stays the truth but for vectors: the image is a copy made at one index
 * revision (revision.ts) and is used only while the revision still reads the same, or every write
 * since is logged by the records it changed (index-changes.ts, and only those records are read),
 * and every block's checksum holds; otherwise the records are read, as without an image. The
 * records' vectors, though, are kept once: in a file of their own until an image holds them, then
 * in the image alone, which the records then read them from (vector-files.ts, kept-vectors.ts).
 *
 * Why a file: Chromium's IndexedDB reads slowly whatever the record shape, so a large library
 * spent most of its reopen reading records; a file in the origin private file system reads at
 * disk speed (docs/decisions/2026-12-07-storage-and-open-measured.md).
 *
 *   bytes 0..3    "LIM3" ("LIMG" before the corpus was kept: bytes 12.. are the index, and no
 *                 corpus; "LIM2" while the records kept their vectors beside the corpus)
 *   bytes 4..11   the index revision the image was made at (f64, little endian)
 *   bytes 12..15  the index's length in bytes (u32, little endian)
 *   bytes 16..    the index, as encodeIndex writes it (its documents as columns since format 7,
 *                 their entries' kept texts apart since 8; an image of an older build, with
 *                 format 5 or 7, still opens), then the search corpus
 *                 laid out over it (corpus-codec.ts), when the snapshot had one
 *
 * With the corpus the library opens by adopting its search rows and posting lists (100k entries:
 * measured in the README); without it they are laid out from the records as before. The records
 * in a LIM3 image leave out the vectors and counted words their corpus holds (vectors-in-corpus.ts),
 * so a corpus that fails its checksum makes the whole image useless, and the records are read.
 */
import { decodeIndex, encodeIndex, type BlockCache, type Breathe } from '../core/stored-index/binary-format.ts';
import { decodeCorpus, encodeCorpus } from '../core/stored-index/corpus-codec.ts';
import type { IndexSnapshot } from '../core/stored-index/snapshot.ts';
import type { CorpusImage } from '../core/search/corpus-image.ts';
import { fillCorpusVectors, withoutCorpusVectors } from '../core/stored-index/vectors-in-corpus.ts';

/**
 * An image as read: its bytes whole, or its index and its search corpus each read into a buffer of
 * its own. Read apart, the corpus's arrays are used where they lie instead of copied out (fresh
 * memory is what decoding costs in the browser), and the index's bytes are freed once decoded.
 */
export type ImageBytes = Uint8Array | { index: Uint8Array; corpus: Uint8Array };

/** Where the image's bytes live: a file in the origin private file system in the app, memory in tests. */
export interface ImageFile {
  read(): Promise<ImageBytes | undefined>;
  /** Replaces the file's content whole; a write that fails leaves the file as it was (never half of one). */
  write(bytes: Uint8Array): Promise<void>;
  remove(): Promise<void>;
}

const MAGIC_V1 = [0x4c, 0x49, 0x4d, 0x47]; // LIMG
const MAGIC_V2 = [0x4c, 0x49, 0x4d, 0x32]; // LIM2
const MAGIC = [0x4c, 0x49, 0x4d, 0x33]; // LIM3
const HEADER_V1 = 12;
const HEADER = 16;

export async function encodeImage(snapshot: IndexSnapshot, revision: number, cache?: BlockCache, breathe?: Breathe): Promise<Uint8Array> {
  // columns (index format 8): only this build reads its image back, and it decodes them without parsing JSON
  const index = await encodeIndex(snapshot.corpus ? withoutCorpusVectors(snapshot, snapshot.corpus) : snapshot, cache, breathe, { columnar: true });
  await breathe?.();
  // the corpus is encoded behind room for the header and the index, so the largest part is not copied again
  const at = HEADER + index.length;
  const bytes = snapshot.corpus ? await encodeCorpus(snapshot.corpus, { breathe, at }) : new Uint8Array(at);
  bytes.set(MAGIC, 0);
  const view = new DataView(bytes.buffer);
  view.setFloat64(4, revision, true);
  view.setUint32(12, index.length, true);
  bytes.set(index, HEADER);
  return bytes;
}

/** The index revision an image was made at, from its header; undefined when it is no image. */
export function imageRevision(image: ImageBytes): number | undefined {
  const bytes = image instanceof Uint8Array ? image : image.index;
  const known = [MAGIC_V1, MAGIC_V2, MAGIC].some((magic) => magic.every((b, i) => bytes[i] === b));
  if (!known || bytes.length < HEADER_V1) return undefined;
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getFloat64(4, true);
}

/** The index in the image (with its corpus, when kept and whole) when made at `revision` and whole; undefined otherwise. */
export async function decodeImage(image: ImageBytes, revision: number): Promise<IndexSnapshot | undefined> {
  const apart = image instanceof Uint8Array ? undefined : image;
  const bytes = apart?.index ?? (image as Uint8Array);
  if (imageRevision(bytes) !== revision) return undefined;
  const v1 = MAGIC_V1.every((b, i) => bytes[i] === b);
  const v2 = MAGIC_V2.every((b, i) => bytes[i] === b);
  if (bytes.length < (v1 ? HEADER_V1 : HEADER)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const indexEnd = v1 ? bytes.length : HEADER + view.getUint32(12, true);
  // read apart (readParts), the index is the first part whole
  if (apart ? indexEnd !== bytes.length : indexEnd > bytes.length) return undefined;
  // read apart, the index's bytes are its own: its blocks are viewed where they lie, not copied out
  const index = () => decodeIndex(bytes.subarray(v1 ? HEADER_V1 : HEADER, indexEnd), { view: apart !== undefined });
  const corpus = apart?.corpus ?? bytes.subarray(indexEnd);
  if (v1 || v2) {
    const snapshot = await whole(index);
    const rows = snapshot && corpus.length > 0 ? await decodeCorpus(corpus) : undefined;
    return snapshot && rows ? { ...snapshot, corpus: rows } : snapshot;
  }
  if (corpus.length === 0) return whole(index);
  return withCorpus(index, () => decodeCorpus(corpus, { view: apart !== undefined }));
}

/** The index decoded, unless it is not whole: a damaged copy is no reason to set a document aside (the records themselves are read instead). */
async function whole(decode: () => Promise<IndexSnapshot>): Promise<IndexSnapshot | undefined> {
  try {
    const snapshot = await decode();
    return snapshot.damage ? undefined : snapshot;
  } catch {
    return undefined;
  }
}

/** A LIM3 image's index with its corpus, whose rows hold the vectors its records leave out. */
async function withCorpus(index: () => Promise<IndexSnapshot>, corpus: () => Promise<CorpusImage | undefined>): Promise<IndexSnapshot | undefined> {
  const snapshot = await whole(index);
  const rows = snapshot && (await corpus());
  return snapshot && rows && fillCorpusVectors(snapshot, rows) ? { ...snapshot, corpus: rows } : undefined;
}

/** Bytes `length` long from offset `at` of the file. */
type ReadRange = (at: number, length: number) => Uint8Array | Promise<Uint8Array>;

/**
 * A file of `size` bytes read apart (ImageBytes), or whole when it is no LIM3 image: three reads,
 * the first its 16-byte header.
 */
async function readParts(size: number, read: ReadRange): Promise<ImageBytes> {
  const head = size >= HEADER ? await read(0, HEADER) : undefined;
  const indexEnd = head && MAGIC.every((b, i) => head[i] === b) ? HEADER + new DataView(head.buffer, head.byteOffset, HEADER).getUint32(12, true) : undefined;
  if (indexEnd === undefined || indexEnd > size) return read(0, size);
  const [index, corpus] = await Promise.all([read(0, indexEnd), read(indexEnd, size - indexEnd)]);
  return { index, corpus };
}

/** The file read apart through a Blob, whose bytes come to a worker through the browser process. */
function readBlobParts(file: Blob): Promise<ImageBytes> {
  return readParts(file.size, async (at, length) => new Uint8Array(await file.slice(at, at + length).arrayBuffer()));
}

/**
 * The file read apart through a synchronous access handle, where the context has one (a dedicated
 * worker, as the engine's), or undefined when none can be had: another context holds the file
 * open, or this is the page. The handle reads the file from the worker itself, while the browser
 * process a Blob's bytes come through is busy with the tab's start; the handle took about half
 * the Blob's time on a large library's reopen (docs/decisions/2026-12-07-storage-and-open-measured.md).
 */
export async function readPartsSync(handle: FileSystemFileHandle): Promise<ImageBytes | undefined> {
  let access: FileSystemSyncAccessHandle;
  try {
    // a TypeError where the context has no such handle
    access = await handle.createSyncAccessHandle();
  } catch (error) {
    // bench:browser shows this mark: a reopen that read by the Blob, and why the handle was refused
    performance.mark(`loci:image-handle-refused-${error instanceof Error ? error.name : 'unknown'}`);
    return undefined;
  }
  // held only while read: an open handle makes the image's next write fail
  try {
    return await readParts(access.getSize(), (at, length) => {
      const bytes = new Uint8Array(length);
      for (let done = 0; done < length; ) {
        const read = access.read(bytes.subarray(done), { at: at + done });
        if (read <= 0) throw new Error('the image file ended early');
        done += read;
      }
      return bytes;
    });
  } finally {
    access.close();
  }
}

/** An image file whose first read has begun already; `forget` drops those bytes unread. */
export interface ReadAheadImage extends ImageFile {
  forget(): void;
}

/**
 * The image with its read begun now, for a worker that wants it only once its other start-up is
 * done: the first read() gets those bytes, later reads (and any after a write) read the file. On
 * reopening a large library that read is the longest step but the decoding, and it began only
 * after the page's start message, the library's lock and the database's opening.
 */
export function readAhead(file: ImageFile): ReadAheadImage {
  let ahead: Promise<ImageBytes | undefined> | undefined = file.read().then((bytes) => {
    // bench:browser reads the `loci:` marks to say where a reopen's time goes
    performance.mark('loci:image-read-ahead');
    return bytes;
  });
  return {
    read() {
      const bytes = ahead ?? file.read();
      ahead = undefined;
      return bytes;
    },
    write(bytes) {
      ahead = undefined;
      return file.write(bytes);
    },
    remove() {
      ahead = undefined;
      return file.remove();
    },
    forget() {
      ahead = undefined;
    },
  };
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
        const file = await handle(false);
        return (await readPartsSync(file).catch(() => undefined)) ?? (await readBlobParts(await file.getFile()));
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
