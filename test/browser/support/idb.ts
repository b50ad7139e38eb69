/**
 * A test-only read of the app's IndexedDB from inside the page, with the raw API: what the index
 * really holds, to check that a resumed job duplicated nothing. Open it only once the app has
 * created the database (opening a missing database would create an empty one). Records keep
 * chunk and entry ids only where they are not what the record makes (repeated-text.ts): the ids
 * are rebuilt here by the store's own code from each raw record, so a record stored twice shows
 * as a repeated id. A record holds objects, or an imported library file's blocks as bytes
 * (src/browser-storage/stored-blocks.ts): both are read, by the store's own readers.
 */
import type { Page } from 'playwright-core';
import { parseOwner } from '../../../src/browser-storage/owner-key.ts';
import { entriesWithoutTexts, loadedChunks, type StoredChunk, type StoredEntry } from '../../../src/core/stored-index/repeated-text.ts';
import { chunkList, entryColumnsOf } from '../../../src/browser-storage/stored-blocks.ts';
import { entryCount } from '../../../src/core/stored-index/entry-columns.ts';

export interface IndexContents {
  documents: { id: string; name: string; stage: string }[];
  originals: string[];
  /** Chunk ids per document id. */
  chunks: Record<string, string[]>;
  /** Per owner key (`doc:<id>`, `group:<id>`): entry ids, their kinds, and how many vector values are stored. */
  /** `inRecord`: the vectors are in the IndexedDB record, not kept outside it (vector-files.ts); `asBlock`: the entries are a library file's block, not objects. */
  entries: Record<string, { ids: string[]; kinds: string[]; floats: number; inRecord: boolean; asBlock: boolean }>;
  groups: string[];
}

/** A block of bytes as the page hands it over: a list of numbers. */
type Bytes = { block: number[] };

interface RawIndex extends Omit<IndexContents, 'chunks' | 'entries'> {
  chunks: { docId: string; chunks: StoredChunk[] | Bytes }[];
  entries: { owner: string; entries: StoredEntry[] | Bytes; bytes: number; int8: boolean; inRecord: boolean }[];
}

/** A record's part as stored: objects, or a block's bytes in an ArrayBuffer of their own. */
function asStored<T>(part: T | Bytes): T | ArrayBuffer {
  return part && typeof part === 'object' && 'block' in part ? new Uint8Array(part.block).buffer : part;
}

export async function readIndex(page: Page): Promise<IndexContents> {
  const raw = await readRaw(page);
  const chunks: Record<string, string[]> = {};
  for (const record of raw.chunks) {
    const stored = chunkList(asStored(record.chunks));
    if (!stored) throw new Error(`the chunks of ${record.docId} are not a list of chunks`);
    chunks[record.docId] = loadedChunks({ id: record.docId, text: '' }, stored).map((c) => c.id);
  }
  const entries: IndexContents['entries'] = {};
  for (const record of raw.entries) {
    // a document's entries are stored with it, so their chunk origins are its own
    const owner = parseOwner(record.owner);
    const columns = entryColumnsOf(asStored(record.entries));
    if (!columns) throw new Error(`the entries of ${record.owner} are not a list of entries`);
    const loaded = entriesWithoutTexts(columns, owner.type === 'document' ? owner.id : undefined);
    // int8 rows hold a 4-byte scale and one byte a value; float32 rows four bytes a value
    const floats = record.int8 ? record.bytes - 4 * entryCount(columns) : record.bytes / 4;
    entries[record.owner] = { ids: loaded.map((e) => e.id), kinds: loaded.map((e) => e.kind), floats, inRecord: record.inRecord, asBlock: !Array.isArray(record.entries) };
  }
  return { ...raw, chunks, entries };
}

function readRaw(page: Page): Promise<RawIndex> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('loci');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const all = (store: string) =>
      new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(store, 'readonly').objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const keys = (store: string) =>
      new Promise<IDBValidKey[]>((resolve, reject) => {
        const request = db.transaction(store, 'readonly').objectStore(store).getAllKeys();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    try {
      type Doc = { doc: { id: string; name: string }; job: { stage: string } };
      type Chunks = { docId: string; chunks: StoredChunk[] | ArrayBuffer };
      // vectors kept outside the record (vector-files.ts) are counted by the length it records
      type Entries = { owner: string; entries: StoredEntry[] | ArrayBuffer; vectors: ArrayBuffer; vectorFormat?: 'int8'; vectorsIn?: 'file'; vectorBytes?: number };
      // a block's bytes cross to the test as a list of numbers
      const handed = <T>(part: T | ArrayBuffer): T | { block: number[] } => (part instanceof ArrayBuffer ? { block: Array.from(new Uint8Array(part)) } : part);
      const documents = ((await all('documents')) as Doc[]).map((d) => ({ id: d.doc.id, name: d.doc.name, stage: d.job.stage }));
      const chunks = ((await all('chunks')) as Chunks[]).map((record) => ({ docId: record.docId, chunks: handed(record.chunks) }));
      const entries = ((await all('entries')) as Entries[]).map((record) => ({
        owner: record.owner,
        entries: handed(record.entries),
        inRecord: record.vectorsIn !== 'file',
        bytes: record.vectorsIn === 'file' ? (record.vectorBytes ?? 0) : record.vectors.byteLength,
        int8: record.vectorFormat === 'int8',
      }));
      return { documents, originals: (await keys('originals')).map(String), chunks, entries, groups: (await keys('groups')).map(String) };
    } finally {
      db.close();
    }
  });
}

/** The job stage of the first stored document, or undefined while none is parsed yet. */
export async function firstStage(page: Page): Promise<string | undefined> {
  return (await readIndex(page)).documents[0]?.stage;
}

/** How many records a store of the app's database holds. */
export function countRecords(page: Page, store: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('loci');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction(name).objectStore(name).count();
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
          count.onerror = () => reject(count.error);
        };
      }),
    store,
  );
}

/** The names of the app's vector files (src/browser-storage/vector-files.ts): vectors waiting for the open image. */
export function vectorFileNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    let dir: FileSystemDirectoryHandle;
    try {
      dir = await root.getDirectoryHandle('loci-vectors');
    } catch {
      return [];
    }
    const names: string[] = [];
    for await (const name of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
    return names;
  });
}
