/**
 * The reader of the app's older library export (versions 1 and 2, before the one library file of
 * core/stored-index/binary-format.ts): a zip whose `loci-export.json` describes the library and
 * names the other members (document records, chunks and entries as JSON; original bytes and
 * vectors as raw binary). Every member's SHA-256 is listed, because the zip reader does not check
 * CRCs and a damaged file must be refused, not half-read. Nothing writes this format any more; it
 * is read so that an older export still imports (export.ts) and converts (`loci convert`).
 */
import { strFromU8, unzipSync } from 'fflate';
import type { Chunk, IndexManifest } from '../core/types.ts';
import { sha256Hex } from '../core/util/hash.ts';
import { isCollection } from '../core/engine/scope.ts';
import { parseExact } from '../core/util/exact-json.ts';
import type { LibraryContents } from './library-contents.ts';
import { docOwner, groupOwner, type OwnerRef } from './owner-key.ts';
import type { StoredChat, StoredCollection, StoredDocument, StoredEntries, StoredGroup, StoredSetting } from './records.ts';

const LIBRARY_FILE_FORMAT = 'loci-library';
/** 2: chunk and entry records leave out the ids they make (core/stored-index/repeated-text.ts); 1 still imports. */
const LIBRARY_FILE_VERSION = 2;
const META_MEMBER = 'loci-export.json';

/** The file cannot be used: not a Loci library file or export, damaged, or from an incompatible version. */
export class LibraryFileError extends Error {
  override name = 'LibraryFileError';
}

/** The zip's `loci-export.json`, as the older app wrote it: what decodeLibrary checks. */
interface LibraryMeta {
  format: typeof LIBRARY_FILE_FORMAT;
  version: number;
  exported: number;
  manifest: IndexManifest | null;
  /** `chunksSum`, `sums`: the records' own checksums (record-sums.ts), carried so damage stays detectable. */
  documents: Array<{ id: string; added: number; record: string; chunks: string; chunksSum?: string }>;
  originals: Array<{ id: string; name: string; mime: string; added: number; bytes: string }>;
  entries: Array<{ owner: OwnerRef; entries: string; vectors: string; vectorFormat?: 'int8'; sums?: StoredEntries['sums'] }>;
  groups: StoredGroup[];
  /** Absent in files exported before collections. */
  collections?: StoredCollection[];
  chats: StoredChat[];
  settings: StoredSetting[];
  /** SHA-256 of every other member. */
  checksums: Record<string, string>;
}

/** Whether the bytes begin as a zip archive does ("PK"): an older export, not a library file. */
export function isOlderExport(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b;
}

/** Reads and checks a whole file; throws LibraryFileError before anything could be written. */
export async function decodeLibrary(bytes: Uint8Array): Promise<LibraryContents> {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch (error) {
    throw new LibraryFileError(`This file is not a Loci library export (not a readable zip archive: ${describe(error)}).`);
  }
  const metaBytes = files[META_MEMBER];
  if (!metaBytes) throw new LibraryFileError(`This file is not a Loci library export (it has no ${META_MEMBER}).`);
  const meta = parseJson(metaBytes, META_MEMBER);
  check(isObject(meta) && meta.format === LIBRARY_FILE_FORMAT, 'This file is not a Loci library export (unknown format).', false);
  check(typeof meta.version === 'number', 'it has no format version');
  if ((meta.version as number) > LIBRARY_FILE_VERSION) {
    throw new LibraryFileError(
      `This library was exported by a newer version of Loci (file format ${String(meta.version)}, this app reads up to ${LIBRARY_FILE_VERSION}). Update the app to import it.`,
    );
  }
  check(isObject(meta.checksums), 'it lists no checksums');
  const checksums = meta.checksums as Record<string, unknown>;
  for (const [path, content] of Object.entries(files)) {
    if (path === META_MEMBER) continue;
    check(typeof checksums[path] === 'string', `member ${path} is not listed`);
    check((await sha256Hex(content)) === checksums[path], `member ${path} is damaged (checksum mismatch)`);
  }
  const member = (path: unknown): Uint8Array => {
    check(typeof path === 'string' && files[path] !== undefined, `a member it names (${String(path)}) is missing`);
    return files[path as string];
  };

  const manifest = meta.manifest === null ? undefined : (meta.manifest as IndexManifest);
  if (manifest !== undefined) {
    check(
      isObject(manifest) && isObject(manifest.embedder) && typeof manifest.embedder.id === 'string' &&
        Number.isInteger(manifest.embedder.dimension) && manifest.embedder.dimension > 0,
      'its index manifest has no valid embedder',
    );
  }

  const documents: StoredDocument[] = [];
  const chunks: LibraryContents['chunks'] = [];
  for (const item of list(meta.documents, 'documents')) {
    check(isObject(item) && typeof item.id === 'string', 'a document has no id');
    const record = parseJson(member(item.record), String(item.record));
    check(
      isObject(record) && isObject(record.doc) && record.doc.id === item.id && isObject(record.job) &&
        Array.isArray(record.preparse) && typeof record.added === 'number',
      `document ${String(item.id)} is malformed`,
    );
    const docChunks = parseJson(member(item.chunks), String(item.chunks));
    check(Array.isArray(docChunks), `the chunks of document ${String(item.id)} are malformed`);
    documents.push(record as unknown as StoredDocument);
    chunks.push({ docId: item.id as string, chunks: docChunks as Chunk[], ...(typeof item.chunksSum === 'string' ? { sum: item.chunksSum } : {}) });
  }
  check(documents.length === 0 || manifest !== undefined, 'it holds documents but no index manifest');

  const originals: LibraryContents['originals'] = [];
  for (const item of list(meta.originals, 'originals')) {
    check(
      isObject(item) && typeof item.id === 'string' && typeof item.name === 'string' &&
        typeof item.mime === 'string' && typeof item.added === 'number',
      'an original file entry is malformed',
    );
    const content = member(item.bytes);
    originals.push({
      id: item.id as string,
      name: item.name as string,
      mime: item.mime as string,
      added: item.added as number,
      size: content.byteLength,
      bytes: content.slice().buffer,
    });
  }

  const groups: StoredGroup[] = [];
  const docIds = new Set(documents.map((record) => record.doc.id));
  for (const item of list(meta.groups, 'groups')) {
    check(
      isObject(item) && isObject(item.group) && typeof item.group.id === 'string' &&
        Array.isArray(item.group.docIds) && Array.isArray(item.preparse) && typeof item.added === 'number',
      'a cluster group is malformed',
    );
    const group = item as unknown as StoredGroup;
    for (const docId of group.group.docIds) {
      check(docIds.has(docId), `cluster group ${group.group.id} refers to a document the file does not hold`);
    }
    groups.push(group);
  }

  const groupIds = new Set(groups.map((record) => record.group.id));
  const entries: StoredEntries[] = [];
  for (const item of list(meta.entries, 'entries')) {
    check(isObject(item) && isObject(item.owner) && typeof item.owner.id === 'string', 'an entry list has no owner');
    const owner = item.owner as OwnerRef;
    check(
      owner.type === 'document' ? docIds.has(owner.id) : owner.type === 'group' && groupIds.has(owner.id),
      `an entry list belongs to ${String(owner.type)} ${owner.id}, which the file does not hold`,
    );
    const entryList = parseJson(member(item.entries), String(item.entries));
    check(Array.isArray(entryList), `the entries of ${owner.id} are malformed`);
    const vectors = member(item.vectors);
    const dimension = manifest?.embedder.dimension ?? 0;
    const int8 = item.vectorFormat === 'int8';
    // a row is float32 values, or one float32 scale and a code per dimension (vector-codec.ts)
    const rowBytes = int8 ? 4 + dimension : dimension * Float32Array.BYTES_PER_ELEMENT;
    check(
      vectors.byteLength === (entryList as unknown[]).length * rowBytes,
      `the vectors of ${owner.id} do not match its entries (${dimension} dimensions expected)`,
    );
    entries.push({
      owner: owner.type === 'document' ? docOwner(owner.id) : groupOwner(owner.id),
      entries: entryList as StoredEntries['entries'],
      vectors: vectors.slice().buffer,
      ...(int8 ? { vectorFormat: 'int8' as const } : {}),
      ...(isObject(item.sums) && typeof item.sums.entries === 'string' && typeof item.sums.vectors === 'string'
        ? { sums: { entries: item.sums.entries, vectors: item.sums.vectors } }
        : {}),
    });
  }

  const collections = meta.collections === undefined ? [] : list(meta.collections, 'collections');
  for (const c of collections) check(isCollection(c), 'a collection is malformed');
  const chats = list(meta.chats, 'chats');
  for (const chat of chats) {
    check(isObject(chat) && typeof chat.id === 'string' && Array.isArray(chat.messages), 'a chat is malformed');
  }
  const settings = list(meta.settings, 'settings');
  for (const setting of settings) check(isObject(setting) && typeof setting.key === 'string', 'a setting is malformed');

  return {
    manifest,
    documents,
    originals,
    chunks,
    entries,
    groups,
    collections: collections as StoredCollection[],
    chats: chats as StoredChat[],
    settings: settings as StoredSetting[],
  };
}

function parseJson(bytes: Uint8Array, path: string): unknown {
  try {
    return parseExact(strFromU8(bytes));
  } catch {
    throw new LibraryFileError(`This Loci library file is damaged: ${path} is not valid JSON.`);
  }
}

function list(value: unknown, what: string): unknown[] {
  check(Array.isArray(value), `its ${what} list is missing`);
  return value as unknown[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Throws the import error; `damaged` prefixes the reason with what it means for the person. */
function check(condition: boolean, reason: string, damaged = true): asserts condition {
  if (!condition) {
    throw new LibraryFileError(damaged ? `This Loci library file is damaged or incomplete: ${reason}.` : reason);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
