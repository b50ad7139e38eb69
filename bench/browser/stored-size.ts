/**
 * What a library costs on disk at the production embedders' width, measured in this tab: the bench
 * library (built with the 128-d test embedder) widened to `dimension` and written through the app's
 * own store into an IndexedDB database of its own, its vectors into files of their own in the origin
 * private file system (vector-files.ts) as the app writes them, then its open image made as the app
 * makes it (records and the search corpus laid out over them), which takes the files' place. The added dimensions are the entry's own
 * values in a seeded order with seeded signs, so the int8 codes are as varied as real ones and
 * IndexedDB's compression gains nothing a real 384-d vector would not give it.
 */
import { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import { deleteLociDb } from '../../src/browser-storage/open.ts';
import type { ImageFile } from '../../src/browser-storage/open-image.ts';
import { privateVectorFiles, vectorFileName, type VectorFiles } from '../../src/browser-storage/vector-files.ts';
import { LiveCorpus } from '../../src/core/search/live-corpus.ts';
import type { IndexSnapshot } from '../../src/core/stored-index/snapshot.ts';
import { atStoredPrecision } from '../../src/core/stored-index/vector-codec.ts';
import { seededRandom } from '../../src/core/util/random.ts';

export interface StoredSize {
  dimension: number;
  entries: number;
  /** navigator.storage.estimate()'s IndexedDB usage, after the records were written less before. */
  indexedDBBytes: number;
  /**
   * The same once the database has been closed for SETTLE_MS: LevelDB compacts when it will, and
   * right after the writes one run read 553 bytes an entry where others read 338.
   */
  indexedDBBytesSettled: number;
  /** The vector files' lengths, after the records were written: what waits there for the image. */
  vectorFileBytes: number;
  /** The same once the image was saved: what it left in files. */
  vectorFileBytesAfterImage: number;
  /** The open image file's length. */
  imageBytes: number;
}

export async function storedSizeAt(snapshot: IndexSnapshot, dimension: number): Promise<StoredSize> {
  const wide = widened(snapshot, dimension);
  const name = `loci-bench-${dimension}`;
  await deleteLociDb({ name });
  const before = indexedDBUsage(await storageUsage());
  let imageBytes = 0;
  const image: ImageFile = {
    read: async () => undefined,
    write: async (bytes) => void (imageBytes = bytes.length),
    remove: async () => undefined,
  };
  const filesDir = `${name}-vectors`;
  const files = await privateVectorFiles(filesDir);
  if (!files) throw new Error('this browser has no origin private file system for the vector files');
  await files.clear();
  const store = await IdbIndexStore.open({ name, image, vectorFiles: files });
  let closed = false;
  try {
    await store.putManifest(wide.manifest);
    for (const record of wide.documents) await store.putDocument(record);
    for (const record of wide.groups) await store.putGroup(record);
    const indexedDBBytes = indexedDBUsage(await storageUsage()) - before;
    const vectorFileBytes = await filesLength(files, filesDir);
    const corpus = new LiveCorpus(dimension, wide.manifest.vectorStorage);
    for (const record of wide.documents) corpus.setDocument(record);
    for (const record of wide.groups) corpus.setGroup(record);
    if (!(await store.saveImage(() => ({ ...wide, corpus: corpus.image() })))) throw new Error('the open image was not saved');
    const entries = [...wide.documents, ...wide.groups].reduce((n, r) => n + r.entries.length, 0);
    const vectorFileBytesAfterImage = await filesLength(files, filesDir);
    store.close();
    closed = true;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const indexedDBBytesSettled = indexedDBUsage(await storageUsage()) - before;
    return { dimension, entries, indexedDBBytes, indexedDBBytesSettled, vectorFileBytes, vectorFileBytesAfterImage, imageBytes };
  } finally {
    if (!closed) store.close();
    await deleteLociDb({ name });
    await files.clear();
  }
}

/** How long the database is left closed before its usage is read again. */
const SETTLE_MS = 15_000;

/** The lengths of the files in the directory `dirName` added up. */
async function filesLength(files: VectorFiles, dirName: string): Promise<number> {
  const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(dirName);
  let total = 0;
  for (const file of await files.list()) total += (await (await dir.getFileHandle(vectorFileName(file))).getFile()).size;
  return total;
}

function widened(snapshot: IndexSnapshot, dimension: number): IndexSnapshot {
  const from = snapshot.manifest.embedder.dimension;
  const random = seededRandom(dimension);
  const widen = (vectors: Float32Array): Float32Array => {
    const rows = vectors.length / from;
    const out = new Float32Array(rows * dimension);
    for (let r = 0; r < rows; r++) {
      for (let j = 0; j < dimension; j++) {
        const source = j < from ? j : Math.floor(random() * from);
        out[r * dimension + j] = (j < from || random() < 0.5 ? 1 : -1) * vectors[r * from + source];
      }
    }
    return atStoredPrecision(out, dimension, snapshot.manifest.vectorStorage);
  };
  return {
    manifest: { ...snapshot.manifest, embedder: { ...snapshot.manifest.embedder, dimension } },
    documents: snapshot.documents.map((d) => ({ ...d, vectors: widen(d.vectors) })),
    groups: snapshot.groups.map((g) => ({ ...g, vectors: widen(g.vectors) })),
  };
}

/** What the origin stores, as navigator.storage.estimate() reports it; IndexedDB's part where Chromium tells it. */
export async function storageUsage(): Promise<{ usage: number; indexedDB?: number }> {
  const estimate = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: number } };
  return { usage: estimate.usage ?? 0, indexedDB: estimate.usageDetails?.indexedDB };
}

function indexedDBUsage({ usage, indexedDB }: { usage: number; indexedDB?: number }): number {
  return indexedDB ?? usage;
}
