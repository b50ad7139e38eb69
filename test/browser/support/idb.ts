/**
 * A test-only read of the app's IndexedDB from inside the page, with the raw API: what the index
 * really holds, to check that a resumed job duplicated nothing. Open it only once the app has
 * created the database (opening a missing database would create an empty one). Records keep
 * chunk and entry ids only where they are not what the record makes (repeated-text.ts): the ids
 * are rebuilt here by the store's own code from each raw record, so a record stored twice shows
 * as a repeated id.
 */
import type { Page } from 'playwright-core';
import { parseOwner } from '../../../src/browser-storage/owner-key.ts';
import { entriesWithoutTexts, loadedChunks, type StoredChunk, type StoredEntry } from '../../../src/core/stored-index/repeated-text.ts';
import { toColumns } from '../../../src/core/stored-index/entry-columns.ts';

export interface IndexContents {
  documents: { id: string; name: string; stage: string }[];
  originals: string[];
  /** Chunk ids per document id. */
  chunks: Record<string, string[]>;
  /** Per owner key (`doc:<id>`, `group:<id>`): entry ids, their kinds, and how many vector values are stored. */
  /** `inRecord`: the vectors are in the IndexedDB record, not kept outside it (vector-files.ts). */
  entries: Record<string, { ids: string[]; kinds: string[]; floats: number; inRecord: boolean }>;
  groups: string[];
}

interface RawIndex extends Omit<IndexContents, 'chunks' | 'entries'> {
  chunks: { docId: string; chunks: StoredChunk[] }[];
  entries: { owner: string; entries: StoredEntry[]; floats: number; inRecord: boolean }[];
}

export async function readIndex(page: Page): Promise<IndexContents> {
  const raw = await readRaw(page);
  const chunks: Record<string, string[]> = {};
  for (const record of raw.chunks) chunks[record.docId] = loadedChunks({ id: record.docId, text: '' }, record.chunks).map((c) => c.id);
  const entries: IndexContents['entries'] = {};
  for (const record of raw.entries) {
    // a document's entries are stored with it, so their chunk origins are its own
    const owner = parseOwner(record.owner);
    const loaded = entriesWithoutTexts(toColumns(record.entries), owner.type === 'document' ? owner.id : undefined);
    entries[record.owner] = { ids: loaded.map((e) => e.id), kinds: loaded.map((e) => e.kind), floats: record.floats, inRecord: record.inRecord };
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
      type Chunks = { docId: string; chunks: StoredChunk[] };
      // vectors kept outside the record (vector-files.ts) are counted by the length it records
      type Entries = { owner: string; entries: StoredEntry[]; vectors: ArrayBuffer; vectorFormat?: 'int8'; vectorsIn?: 'file'; vectorBytes?: number };
      const documents = ((await all('documents')) as Doc[]).map((d) => ({ id: d.doc.id, name: d.doc.name, stage: d.job.stage }));
      const chunks = ((await all('chunks')) as Chunks[]).map((record) => ({ docId: record.docId, chunks: record.chunks }));
      const entries = ((await all('entries')) as Entries[]).map((record) => {
        const bytes = record.vectorsIn === 'file' ? (record.vectorBytes ?? 0) : record.vectors.byteLength;
        return {
          owner: record.owner,
          entries: record.entries,
          inRecord: record.vectorsIn !== 'file',
          // int8 rows hold a 4-byte scale and one byte a value; float32 rows four bytes a value
          floats: record.vectorFormat === 'int8' ? bytes - 4 * record.entries.length : bytes / 4,
        };
      });
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
