/**
 * Libraries a publisher makes for the tests of a site's library in the engine worker: indexed and
 * exported by an engine of their own (engine-doubles.ts), in a database of their own; and what the
 * visitor's database holds, read as stored.
 */
import { IDBFactory } from 'fake-indexeddb';
import { expect, vi } from 'vitest';
import { EmbedDouble, mirror, start } from './engine-doubles.ts';

/** What a publisher puts in beside the documents: a collection of them all, a chat. */
export interface PublisherExtras {
  collection?: string;
  /** A chat of this id with one question asked. */
  chat?: string;
}

/**
 * A library file of these Markdown documents (name → text), exported by a publisher's engine, and
 * its SHA-256; the visitor's browser then gets a fresh database (`indexedDB` stubbed again).
 */
export async function publishedLibrary(documents: Record<string, string>, extras: PublisherExtras = {}): Promise<{ bytes: ArrayBuffer; sha256: string }> {
  vi.stubGlobal('indexedDB', new IDBFactory());
  const { engine } = await start(new EmbedDouble());
  await engine.updateSettings({ modelSource: mirror });
  const files = Object.entries(documents).map(([name, text]) => new File([text], name, { type: 'text/markdown' }));
  await engine.addFiles(files, extras.collection ? { collection: extras.collection } : undefined);
  await vi.waitFor(async () => expect((await engine.documents()).map((d) => d.status)).toEqual(files.map(() => 'ready')), { timeout: 20_000 });
  if (extras.chat) {
    await engine.ask('What does the publisher say?', { chatId: extras.chat, retriever: 'lexical', hops: 1 }, () => undefined);
    expect((await engine.chats()).map((c) => c.id)).toContain(extras.chat);
  }
  const bytes = await (await engine.exportLibrary()).arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  vi.stubGlobal('indexedDB', new IDBFactory());
  return { bytes, sha256: [...digest].map((b) => b.toString(16).padStart(2, '0')).join('') };
}

/** Every record of `store` in the visitor's database, as stored. */
export function storedRecords<T = unknown>(store: string): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('loci');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const all = open.result.transaction(store).objectStore(store).getAll();
      all.onsuccess = () => (open.result.close(), resolve(all.result as T[]));
      all.onerror = () => (open.result.close(), reject(all.error));
    };
  });
}

/** The keys of `store`'s records in the visitor's database. */
export function storedKeys(store: string): Promise<IDBValidKey[]> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('loci');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const keys = open.result.transaction(store).objectStore(store).getAllKeys();
      keys.onsuccess = () => (open.result.close(), resolve(keys.result));
      keys.onerror = () => (open.result.close(), reject(keys.error));
    };
  });
}
