/**
 * Files of vectors beside IndexedDB: where a record's vectors are written instead of into its
 * IndexedDB record, until the open image (open-image.ts) holds them and the file is removed. The
 * image has to hold every vector to open a large library in one read, so vectors kept in the
 * records as well were a second copy on disk: 388 of the 1,476 bytes a 384-d entry cost. And they
 * could not be taken out of the records afterwards: Chromium's IndexedDB (LevelDB) keeps a value
 * it replaced until it compacts, so records written with their vectors and again without them
 * nearly doubled its usage, even after a restart (docs/decisions/2026-11-28-vectors-kept-once.md).
 * A file removed is space given back at once.
 *
 * A file is named by its owner (owner-key.ts) and the checksum of its bytes, the `sums.vectors`
 * its record carries: a record names exactly the bytes it stands for, and a file written but never
 * committed to (a write that failed after it) is no record's.
 */

/** A file's owner and the checksum of its bytes. */
export interface VectorFileName {
  owner: string;
  sum: string;
}

/** Where the files live: a directory of the origin private file system in the app, memory in tests. */
export interface VectorFiles {
  /** Writes the file whole, or throws leaving no file of that name (a quota error, say). */
  write(name: VectorFileName, bytes: Uint8Array): Promise<void>;
  /** The file's bytes; undefined when there is no such file. */
  read(name: VectorFileName): Promise<Uint8Array | undefined>;
  list(): Promise<VectorFileName[]>;
  remove(name: VectorFileName): Promise<void>;
  /** Removes every file (the library emptied). */
  clear(): Promise<void>;
}

const SEPARATOR = '.';

/** The file name of `name`: an owner key may hold characters a file name cannot ('/'). */
export function vectorFileName({ owner, sum }: VectorFileName): string {
  return `${encodeURIComponent(owner)}${SEPARATOR}${sum}`;
}

/** The owner and checksum a file name stands for; undefined for a file this module did not name. */
export function parseVectorFileName(file: string): VectorFileName | undefined {
  const at = file.lastIndexOf(SEPARATOR);
  if (at <= 0 || at === file.length - 1) return undefined;
  try {
    return { owner: decodeURIComponent(file.slice(0, at)), sum: file.slice(at + 1) };
  } catch {
    return undefined;
  }
}

/** The files as a directory of the origin private file system; undefined where the browser has none (or in Node). */
export async function privateVectorFiles(name = 'loci-vectors'): Promise<VectorFiles | undefined> {
  const storage = (globalThis as { navigator?: { storage?: Partial<StorageManager> } }).navigator?.storage;
  if (!storage?.getDirectory) return undefined;
  let dir: FileSystemDirectoryHandle;
  try {
    dir = await (await storage.getDirectory()).getDirectoryHandle(name, { create: true });
  } catch {
    return undefined;
  }
  const names = async (): Promise<string[]> => {
    const out: string[] = [];
    // keys() is in every browser with the directory API, though not yet in TypeScript's DOM types
    for await (const key of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) out.push(key);
    return out;
  };
  return {
    async write(file, bytes) {
      // createWritable writes to a swap file and puts it in place on close: a failed write leaves no file
      const writable = await (await dir.getFileHandle(vectorFileName(file), { create: true })).createWritable();
      try {
        await writable.write(bytes as Uint8Array<ArrayBuffer>);
        await writable.close();
      } catch (error) {
        await writable.abort().catch(() => undefined);
        await dir.removeEntry(vectorFileName(file)).catch(() => undefined);
        throw error;
      }
    },
    async read(file) {
      try {
        return new Uint8Array(await (await (await dir.getFileHandle(vectorFileName(file))).getFile()).arrayBuffer());
      } catch {
        return undefined;
      }
    },
    async list() {
      return (await names()).map(parseVectorFileName).filter((n): n is VectorFileName => n !== undefined);
    },
    async remove(file) {
      await dir.removeEntry(vectorFileName(file)).catch(() => undefined);
    },
    async clear() {
      for (const file of await names()) await dir.removeEntry(file).catch(() => undefined);
    },
  };
}
