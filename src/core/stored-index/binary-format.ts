/**
 * The library file: one encoding of an index snapshot, written by the CLI (`loci index --out`), by
 * the app's export, and for the app's open image. Version 6 (written since the one library file,
 * docs/decisions/2026-12-02-one-library-file.md; see manifest.ts for each version):
 *
 *   bytes 0..3   "LOCI"
 *   bytes 4..7   format version (u32, little endian)
 *   bytes 8..11  header length H (u32)
 *   bytes 12..27 the header's checksum (16 ASCII hex digits)
 *   bytes 28..   header: UTF-8 JSON { manifest, documents: BlockList[], groups: BlockList[],
 *                collections?: Collection[], originals?: OriginalList[], app?: BlockRef }
 *   then         the body, every block starting at a multiple of 4: for each document its `text`
 *                (the record's JSON without chunks, entries and vectors), `chunks`, `entries`
 *                (its entry columns as bytes since version 5, JSON before) and `vectors` blocks
 *                (in version 7, written for the app's open image only, `text` and `chunks` are
 *                columns with the text as UTF-8: document-columns.ts, chunk-columns.ts; in
 *                version 8, the same with the entries' kept texts apart: entry-columns-binary.ts);
 *                for each group its `record` and `vectors`; for either, when the record has
 *                them, its counted entry words (`terms`); then each original file's bytes as
 *                they were given; then the app's records
 *
 * Each block is listed in the header as [offset into the body, length in bytes, checksum], with
 * the id and name of its document, so damage inside a block is found on open and named: that
 * document (or group) is set aside and the others load (`IndexSnapshot.damage`). Damage to the
 * header itself cannot be confined, and refuses the file. Version 1 (one JSON header holding
 * every record, vectors in the body, no checksums) is still read, unchecked.
 *
 * Originals (version 6): each document's original file, with its name, type and (the app's) time
 * added in the header, its bytes a block of their own. A damaged one is set aside alone (damage
 * of kind `original`): its document, whose own blocks are checked apart, is still searched, and
 * the copy is put back from the file by `loci repair`. Only when a snapshot has them: a snapshot
 * without originals is encoded as before.
 *
 * The app's records (version 6): its chats, settings and library order, one block of JSON that
 * only the app reads (browser-storage/app-records.ts) and that the CLI writes back as it read it.
 * Like the collections, nothing could rebuild them, so a damaged app block refuses the file (as a
 * damaged header does) rather than be set aside and lost by the next rewrite.
 *
 * Collections (named sets of document ids: the CLI's `--collection`, the app's collections) live
 * in the header, after the groups, and only when there are any: a file without them is byte for
 * byte what was written before they existed, and such a file opens with none. They are in the
 * header rather than a block of their own because nothing could rebuild them: a damaged block
 * could not be set aside the way a document is (its file indexed again), so their damage refuses
 * the file like the header's.
 *
 * JSON keeps the text readable and diffable; vectors stay binary because they are nearly all of
 * the bytes: float32 LE, or int8 rows when the index searches int8 (the header's `vectors`; see
 * vector-codec.ts). Cluster group records hold computed floats (a BIC curve, a layout) that may be
 * -0, ±Infinity or NaN, which JSON cannot say: those are tagged (util/exact-json.ts). Encoding is
 * deterministic: the same snapshot gives the same bytes, and the version written is the oldest that
 * can say what the snapshot holds (5 when nothing of 6 is needed, so older builds still read it).
 */
import { strictUtf8 } from '../util/strict-utf8.ts';
import { checksums, type Checksums } from '../util/checksum.ts';
import type { Damage, DamagedPart } from './damage.ts';
import { CHECKSUMMED_VERSION, COLUMNAR_VERSION, FORMAT_VERSION, INDEX_ONLY_VERSION, NEWEST_READ_VERSION, TEXTS_APART_VERSION } from './manifest.ts';
import { decodeDocumentColumns, encodeDocumentColumns, type DocumentPart, type PreparseColumns } from './document-columns.ts';
import { encodeChunkColumns, readChunkTable } from './chunk-columns.ts';
import type { ChunkTable } from './chunk-table.ts';
import { chunksWhenRead, storedChunksBlock } from './chunks-when-read.ts';
import { TableChunkSources } from './table-chunk-sources.ts';
import type { DocumentRecord, GroupRecord, IndexSnapshot, Original } from './snapshot.ts';
import type { Chunk, ClusterGroup, EntryTerms, PreparseRecord, VectorStorage } from '../types.ts';
import { decodeVectors, encodeVectors } from './vector-codec.ts';
import { chunkSources, documentChunkSources, entriesWithoutTexts, loadedChunks, loadedEntries, storedChunks, storedEntries, type StoredChunk } from './repeated-text.ts';
import { EntryTable } from './entry-table.ts';
import { entriesWhenRead, storedEntriesBlock } from './entries-when-read.ts';
import { loadedGroup, loadedPreparse, storedGroup, storedPreparse, type StoredGroup, type StoredPreparse } from './chunk-refs.ts';
import { readColumns, toColumns, type EntryColumns } from './entry-columns.ts';
import { decodeColumns, encodeColumns, holdsTextsApart } from './entry-columns-binary.ts';
import { isCollection, type Collection } from '../engine/scope.ts';
import { parseExact, stringifyExact } from '../util/exact-json.ts';
import type { DocumentBlocks, FileBlocks } from './file-blocks.ts';

const MAGIC = [0x4c, 0x4f, 0x43, 0x49]; // LOCI
const V1 = 1;
const SUM_LENGTH = 16;
const V2_HEADER_START = 12 + SUM_LENGTH;
/** Since version 5 a document's entries block holds its columns as bytes (entry-columns-binary.ts), JSON before. */
const BINARY_COLUMNS_VERSION = 5;
/** Since version 6 a cluster group's record may tag numbers plain JSON cannot say (exact-json.ts). */
const EXACT_GROUPS_VERSION = 6;


export class IndexFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IndexFormatError';
  }
}

/** [offset into the body, length in bytes, checksum]. */
type BlockRef = [number, number, string];

interface BlockList {
  id: string;
  name: string;
  docIds: string[];
  blocks: Partial<Record<DamagedPart, BlockRef>>;
  /**
   * The record's counted entry words (EntryTerms), when it has them: a u32 length, their JSON
   * without `data`, then `data`. Derived from the entries alone, so a damaged terms block is
   * dropped (the entries are segmented again on load) rather than setting the document aside.
   */
  terms?: BlockRef;
}

/** An original file as the header lists it: all but its bytes, which are the block `block`. */
interface OriginalList {
  id: string;
  name: string;
  mime: string;
  added?: number;
  block: BlockRef;
}

interface Body {
  parts: Uint8Array[];
  length: number;
}

/** A block's bytes with their checksum. */
interface Block {
  bytes: Uint8Array;
  sum: string;
}

interface EncodedRecord {
  blocks: Partial<Record<DamagedPart, Block>>;
  terms?: Block;
  /** What the bytes were made from besides the record itself, compared by identity on reuse. */
  deps: readonly unknown[];
  /** The record's JSON tags a number (exact-json.ts), which only version 6 reads. */
  tagged?: boolean;
}

/**
 * Blocks already encoded, by the record object they came from, so a checkpoint of a growing index
 * encodes only the records that changed since the last one: records are replaced, never changed in
 * place, when a stage moves on. Encoding was most of a checkpoint's cost, far more than writing
 * the file (docs/decisions/2026-12-07-storage-and-open-measured.md).
 */
export type BlockCache = WeakMap<object, EncodedRecord>;

/** Bytes the cache holds for one record (its encoded blocks), 0 when it holds none: for the engine's memory report. */
export function cachedBlockBytes(cache: BlockCache, record: object): number {
  const hit = cache.get(record);
  if (!hit) return 0;
  let bytes = hit.terms?.bytes.byteLength ?? 0;
  for (const block of Object.values(hit.blocks)) bytes += block?.bytes.byteLength ?? 0;
  return bytes;
}

/**
 * Awaited after each record while encoding, so that a worker encoding a large index can let its
 * messages in (a question asked while the engine worker saved the 100k-entry open image waited for
 * the whole save, one task). The caller decides whether to yield.
 */
export type Breathe = () => Promise<void>;

export interface EncodeOptions {
  /**
   * Documents' records and chunks as columns (version 7, document-columns.ts): for the app's open
   * image, which only this build reads back; a library file is written in the version older
   * builds read.
   */
  columnar?: boolean;
}

export async function encodeIndex(snapshot: IndexSnapshot, cache?: BlockCache, breathe?: Breathe, options: EncodeOptions = {}): Promise<Uint8Array> {
  const columnar = options.columnar === true;
  const sums = await checksums();
  const body: Body = { parts: [], length: 0 };
  const block = (bytes: Uint8Array): Block => ({ bytes, sum: sums.bytes(bytes) });
  const add = ({ bytes, sum }: Block): BlockRef => {
    const ref: BlockRef = [body.length, bytes.length, sum];
    body.parts.push(bytes);
    const padded = align4(bytes.length);
    if (padded > bytes.length) body.parts.push(new Uint8Array(padded - bytes.length));
    body.length += padded;
    return ref;
  };
  const addAll = ({ blocks, terms }: EncodedRecord): Pick<BlockList, 'blocks' | 'terms'> => ({
    blocks: Object.fromEntries(Object.entries(blocks).map(([part, b]) => [part, add(b)])),
    ...(terms ? { terms: add(terms) } : {}),
  });
  const encoded = (record: object, deps: readonly unknown[], encode: () => Omit<EncodedRecord, 'deps'>): EncodedRecord => {
    const hit = cache?.get(record);
    if (hit && hit.deps.length === deps.length && hit.deps.every((d, i) => d === deps[i])) return hit;
    const fresh = { ...encode(), deps };
    cache?.set(record, fresh);
    return fresh;
  };
  const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
  const { dimension } = snapshot.manifest.embedder;
  const format: VectorStorage = snapshot.manifest.vectorStorage === 'int8' ? 'int8' : 'float32';
  // read only for a group's documents: a record's chunks may be made only when first read
  const byId = new Map(snapshot.documents.map((d) => [d.doc.id, d]));
  const chunksOf = (id: string) => byId.get(id)?.chunks;
  const documents: BlockList[] = [];
  for (const record of snapshot.documents) {
    const { doc } = record;
    documents.push({
      id: doc.id,
      name: doc.name,
      docIds: [doc.id],
      ...addAll(
        encoded(record, [dimension, format, columnar], () => {
          // read only here, on a miss: chunks, entries, vectors and terms may be made only when first read
          const { terms } = record;
          const rest = ownPart(record);
          const storedChunksAsRead = columnar ? storedChunksBlock(record) : undefined;
          return {
            blocks: {
              text: block(columnar ? encodeDocumentColumns(rest) : json({ ...rest, preparse: storedPreparse(rest.preparse, doc.id) })),
              chunks: block(storedChunksAsRead ?? (columnar ? encodeChunkColumns(doc, record.chunks) : json(storedChunks(doc, record.chunks)))),
              entries: block(reusedEntries(record, columnar) ?? encodeColumns(toColumns(storedEntries(record.entries, chunkSources([record.chunks]), doc.id)), { textsApart: columnar })),
              vectors: block(encodeVectors(record.vectors, dimension, format)),
            },
            ...(terms ? { terms: block(termsBytes(terms)) } : {}),
          };
        }),
      ),
    });
    await breathe?.();
  }
  const groups: BlockList[] = [];
  /** Whether a group's record tags a number, which only version 6 reads. */
  let exact = false;
  for (const record of snapshot.groups) {
    const { vectors, terms, entries, ...rest } = record;
    const memberChunks = rest.group.docIds.map((id) => chunksOf(id) ?? []);
    const blocks = encoded(record, [dimension, format, ...memberChunks], () => {
      let tagged = false;
      const value = { ...rest, group: storedGroup(rest.group), entries: toColumns(storedEntries(entries, chunkSources(memberChunks, rest.group))) };
      const text = stringifyExact(value, () => (tagged = true));
      return {
        blocks: { record: block(new TextEncoder().encode(text)), vectors: block(encodeVectors(vectors, dimension, format)) },
        ...(terms ? { terms: block(termsBytes(terms)) } : {}),
        ...(tagged ? { tagged } : {}),
      };
    });
    if (blocks.tagged) exact = true;
    groups.push({ id: rest.group.id, name: rest.group.id, docIds: rest.group.docIds, ...addAll(blocks) });
    await breathe?.();
  }
  const originals: OriginalList[] = [];
  for (const original of snapshot.originals ?? []) {
    const { id, name, mime, added, bytes } = original;
    // the bytes are checksummed once per original object: a checkpoint does not sum every PDF again
    const { blocks } = encoded(original, [], () => ({ blocks: { original: block(bytes) } }));
    originals.push({ id, name, mime, ...(added !== undefined ? { added } : {}), block: add(blocks.original!) });
  }
  const app = snapshot.appRecords ? { app: add(block(snapshot.appRecords)) } : {};
  const collections = snapshot.collections?.length ? { collections: snapshot.collections.map(storedCollection) } : {};
  const header = json({ manifest: snapshot.manifest, vectors: format, documents, groups, ...collections, ...(originals.length > 0 ? { originals } : {}), ...app });
  const version = columnar ? TEXTS_APART_VERSION : originals.length > 0 || snapshot.appRecords || exact ? FORMAT_VERSION : INDEX_ONLY_VERSION;
  await breathe?.();
  const bodyStart = align4(V2_HEADER_START + header.length);
  const out = new Uint8Array(bodyStart + body.length);
  out.set(MAGIC, 0);
  const view = new DataView(out.buffer);
  view.setUint32(4, version, true);
  view.setUint32(8, header.length, true);
  out.set(new TextEncoder().encode(sums.bytes(header)), 12);
  out.set(header, V2_HEADER_START);
  let offset = bodyStart;
  // the parts of a large library copied in one go held the worker in one long task
  for (let i = 0; i < body.parts.length; i++) {
    out.set(body.parts[i], offset);
    offset += body.parts[i].length;
    if (i % 256 === 255) await breathe?.();
  }
  return out;
}

export interface DecodeOptions {
  /** Filled with each whole document's blocks as the file has them (file-blocks.ts): what an import stores. */
  keep?: FileBlocks;
  /**
   * The bytes are the caller's to give away, read into a buffer of their own (the open image's
   * index, read apart from its corpus): the blocks a record reads until its parts are made are
   * viewed where they lie, and keep these bytes alive, instead of being copied out of them. Those
   * blocks are nearly all of an image's index, and the copies were fresh memory written once more.
   */
  view?: boolean;
}

export async function decodeIndex(bytes: Uint8Array, options: DecodeOptions = {}): Promise<IndexSnapshot> {
  if (bytes.length < 12 || MAGIC.some((b, i) => bytes[i] !== b)) {
    throw new IndexFormatError('not a Loci index file (the signature is missing)');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(4, true);
  if (version === V1) return decodeV1(bytes, view);
  if (version < CHECKSUMMED_VERSION || version > NEWEST_READ_VERSION) {
    throw new IndexFormatError(`index format version ${version} is not supported (this build reads versions ${V1} to ${NEWEST_READ_VERSION})`);
  }
  return decodeV2(bytes, view, await checksums(), version, options);
}

function decodeV2(bytes: Uint8Array, view: DataView, sums: Checksums, version: number, { keep, view: inPlace }: DecodeOptions): IndexSnapshot {
  const headerLength = view.getUint32(8, true);
  if (V2_HEADER_START + headerLength > bytes.length) throw new IndexFormatError('the index file is truncated');
  const headerBytes = bytes.subarray(V2_HEADER_START, V2_HEADER_START + headerLength);
  const stored = new TextDecoder().decode(bytes.subarray(12, V2_HEADER_START));
  if (sums.bytes(headerBytes) !== stored) {
    throw new IndexFormatError('the index header is damaged (checksum mismatch): its list of documents cannot be trusted; build the index again');
  }
  const header = parseJson(headerBytes) as
    | { manifest?: unknown; vectors?: unknown; documents?: unknown; groups?: unknown; collections?: unknown; originals?: unknown; app?: unknown }
    | undefined;
  if (!header || typeof header !== 'object' || !header.manifest || !Array.isArray(header.documents) || !Array.isArray(header.groups)) {
    throw new IndexFormatError('the index header lacks its manifest, documents or groups');
  }
  const body = bytes.subarray(align4(V2_HEADER_START + headerLength));
  const manifest = header.manifest as IndexSnapshot['manifest'];
  // files from before int8 storage have no `vectors` and hold float32
  const format: VectorStorage = header.vectors === 'int8' ? 'int8' : 'float32';
  if (keep) keep.vectors = format;
  const vectorsOf = (block: Uint8Array, what: string): Float32Array => {
    try {
      return decodeVectors(block, manifest.embedder.dimension, format);
    } catch {
      throw new IndexFormatError(`the vectors of ${what} are not whole rows`);
    }
  };
  const damage: Damage[] = [];
  /** The blocks of one record, or undefined (and the damage noted) when any fails its checksum. */
  const read = (list: BlockList, kind: Damage['kind']): Partial<Record<DamagedPart, Uint8Array>> | undefined => {
    const out: Partial<Record<DamagedPart, Uint8Array>> = {};
    const damaged: DamagedPart[] = [];
    for (const [part, ref] of Object.entries(list.blocks) as [DamagedPart, BlockRef][]) {
      const [offset, length, sum] = ref;
      if (offset + length > body.length) throw new IndexFormatError('the index refers to blocks outside the file (truncated?)');
      const block = body.subarray(offset, offset + length);
      if (sums.bytes(block) !== sum) damaged.push(part);
      else out[part] = block;
    }
    if (damaged.length === 0) return out;
    damage.push({ kind, id: list.id, name: list.name, docIds: list.docIds, parts: kind === 'group' ? ['clusters'] : damaged });
    return undefined;
  };
  /**
   * The record with its counted terms, read from their block when first asked for: opening with
   * the corpus image kept beside the records (the app's open image) never needs them, and reading
   * them was a third of decoding a 100k-entry index. The block's checksum is checked now.
   */
  const withTerms = <R extends DocumentRecord | GroupRecord>(record: R, list: BlockList): R => {
    if (!list.terms) return record;
    const [offset, length, sum] = list.terms;
    if (offset + length > body.length) throw new IndexFormatError('the index refers to blocks outside the file (truncated?)');
    if (sums.bytes(body.subarray(offset, offset + length)) !== sum) return record;
    // a copy: the whole file's bytes must not live on in a getter
    const block = body.slice(offset, offset + length);
    return termsWhenRead(record, block);
  };
  const documents: DocumentRecord[] = [];
  const lists = header.documents as BlockList[];
  const copies = (part: DamagedPart) => (inPlace ? asRead : blockCopies(lists.map((list) => list.blocks[part]?.[1] ?? 0)));
  const copy = version >= BINARY_COLUMNS_VERSION ? copies('entries') : undefined;
  const chunkCopy = version >= COLUMNAR_VERSION ? copies('chunks') : undefined;
  const textCopy = version >= COLUMNAR_VERSION ? copies('text') : undefined;
  for (const list of lists) {
    const blocks = read(list, 'document');
    if (!blocks) continue;
    // a block that matches its checksum was written so: JSON that does not parse is a writer's bug
    const what = `the record of ${list.name}`;
    const own = chunkCopy && textCopy ? columnarRecord(blocks, what, chunkCopy, textCopy) : jsonRecord(blocks, what);
    const { rest } = own;
    // a copy: the columns are read from it until the entries are made, and must not keep the file's bytes alive
    const stored = copy?.(blocks.entries!);
    const columns = columnsOf(stored ? decodeColumns(stored) : readColumns(parseJson(blocks.entries!, what)), list.name);
    const table = new EntryTable(columns, 'table' in own ? new TableChunkSources(own.table) : documentChunkSources(own.chunks), rest.doc.id);
    if (!table.whole()) throw new IndexFormatError(`${what} holds entries whose chunks it does not hold`);
    // chunks and progress in their places among the fields (the image writes them in this order), made when read from columns
    const record: DocumentRecord = { ...rest, chunks: [], entries: [], vectors: vectorsOf(blocks.vectors!, list.name), preparse: [] };
    if ('table' in own) chunksWhenRead(record, own.table, own.block, own.preparse);
    else {
      record.chunks = own.chunks;
      record.preparse = own.preparse;
    }
    documents.push(withTerms(entriesWhenRead(record, table, stored), list));
    if (keep && version >= BINARY_COLUMNS_VERSION) keep.documents.set(rest.doc.id, checkedBlocks(list, blocks, body, sums, version < COLUMNAR_VERSION));
  }
  // a group's documents' chunks, made only for the documents a group holds
  const byId = new Map(documents.map((d) => [d.doc.id, d]));
  const chunksOf = (id: string) => byId.get(id)?.chunks;
  const groups: GroupRecord[] = [];
  for (const list of header.groups as BlockList[]) {
    const blocks = read(list, 'group');
    if (!blocks) continue;
    const whose = `cluster group ${list.id}`;
    const { entries: stored, group: storedAs, ...parsed } = parseJson(blocks.record!, `the record of ${whose}`, version >= EXACT_GROUPS_VERSION) as Omit<GroupRecord, 'vectors' | 'entries' | 'group'> & { entries: unknown; group: StoredGroup | ClusterGroup };
    const rest = { group: loadedGroup(storedAs, chunksOf), ...parsed };
    const columns = columnsOf(readColumns(stored), whose);
    const sources = chunkSources(rest.group.docIds.map((id) => chunksOf(id) ?? []), rest.group);
    let entries = loadedEntries(columns, sources);
    if (!entries) {
      // A group of a document set aside as damaged cannot rebuild its cluster texts; it is set
      // aside with that document (setAsideDamaged), and its texts are never read. Otherwise the
      // group's own record is wrong, and it is damaged.
      const leans = rest.group.docIds.some((id) => damage.some((d) => d.kind === 'document' && d.id === id));
      if (!leans) {
        damage.push({ kind: 'group', id: list.id, name: list.name, docIds: list.docIds, parts: ['clusters'] });
        continue;
      }
      entries = entriesWithoutTexts(columns);
    }
    groups.push(withTerms({ ...rest, entries, vectors: vectorsOf(blocks.vectors!, whose) }, list));
  }
  const snapshot: IndexSnapshot = { manifest, documents, groups };
  // kept as written, ids of documents set aside included: repair may bring them back
  if (header.collections !== undefined) snapshot.collections = collectionsOf(header.collections);
  const inBody = ([offset, length]: BlockRef, what: string): Uint8Array => {
    if (offset + length > body.length) throw new IndexFormatError(`the index refers to ${what} outside the file (truncated?)`);
    return body.subarray(offset, offset + length);
  };
  if (header.originals !== undefined) {
    const originals: Original[] = [];
    for (const listed of originalsOf(header.originals)) {
      const { block: ref, ...about } = listed;
      const bytes = inBody(ref, `the original of ${about.name}`);
      // a copy: the file's bytes must not live on for the sake of one original
      if (sums.bytes(bytes) === ref[2]) originals.push({ ...about, bytes: bytes.slice() });
      else damage.push({ kind: 'original', id: about.id, name: about.name, docIds: [about.id], parts: ['original'] });
    }
    snapshot.originals = originals;
  }
  if (header.app !== undefined) {
    if (!isBlockRef(header.app)) throw new IndexFormatError('the index header lists the app\'s records wrongly');
    const bytes = inBody(header.app, 'the app\'s records');
    if (sums.bytes(bytes) !== header.app[2]) {
      throw new IndexFormatError('the app\'s records in this file (its chats and settings) are damaged (checksum mismatch): nothing else holds them, so the file is refused');
    }
    snapshot.appRecords = bytes.slice();
  }
  if (damage.length > 0) {
    // a group is named by its documents, which the reader knows by name
    const names = new Map(documents.map((d) => [d.doc.id, d.doc.name]));
    for (const d of damage) if (d.kind === 'document') names.set(d.id, d.name);
    for (const d of damage) if (d.kind === 'group') d.name = d.docIds.map((id) => names.get(id) ?? id).join(', ');
    snapshot.damage = damage;
  }
  return snapshot;
}

/**
 * The record's entries block as it was read, while it still holds its entries, in the layout the
 * version written reads: an open image keeps its texts apart (version 8), a library file for
 * older builds keeps them in the head. A block read in the other layout is laid out again from
 * its columns, its entries still not made.
 */
function reusedEntries(record: DocumentRecord, columnar: boolean): Uint8Array | undefined {
  const stored = storedEntriesBlock(record);
  if (!stored || holdsTextsApart(stored) === columnar) return stored;
  const columns = decodeColumns(stored);
  return columns && encodeColumns(columns, { textsApart: columnar });
}

/** What a document's other blocks hold. */
const OTHER_BLOCKS = new Set(['chunks', 'entries', 'vectors', 'terms']);

/**
 * The record but for what its other blocks hold, its fields in their order, read one by one: a
 * rest spread would read its entries, vectors and terms too, each made only when first read.
 */
function ownPart(record: DocumentRecord): DocumentPart {
  const part: Record<string, unknown> = {};
  for (const key of Object.keys(record)) if (!OTHER_BLOCKS.has(key)) part[key] = record[key as keyof DocumentRecord];
  return part as unknown as DocumentPart;
}

type OwnRecord = Omit<DocumentRecord, 'chunks' | 'entries' | 'vectors' | 'preparse'>;
type RecordBlocks = Partial<Record<DamagedPart, Uint8Array>>;

/** A document's own record, chunks and pre-parse progress from their JSON (versions 2 to 6). */
function jsonRecord(blocks: RecordBlocks, what: string): { rest: OwnRecord; chunks: Chunk[]; preparse: PreparseRecord[] } {
  const { preparse, ...rest } = parseJson(blocks.text!, what) as OwnRecord & { preparse: StoredPreparse[] };
  const chunks = loadedChunks(rest.doc, parseJson(blocks.chunks!, what) as StoredChunk[]);
  return { rest, chunks, preparse: loadedPreparse(preparse, rest.doc.id, () => chunks) };
}

/**
 * The same from their columns (version 7), the chunks as a table made when read (`block`, the copy
 * it reads), the progress as its columns and the text decoded when read; a block that is not what
 * its checksum vouches for is a writer's bug.
 */
function columnarRecord(blocks: RecordBlocks, what: string, copy: (block: Uint8Array) => Uint8Array, copyText: (utf8: Uint8Array) => Uint8Array): { rest: OwnRecord; table: ChunkTable; block: Uint8Array; preparse: PreparseColumns } {
  // the text decoded when first read, from a copy: the file's bytes are freed once decoded
  const own = decodeDocumentColumns(blocks.text!, copyText);
  // a copy: the table reads its numbers until every chunk is made, and must not keep the file's bytes alive
  const block = copy(blocks.chunks!);
  const table = own && readChunkTable(own.part.doc, block);
  if (!own || !table) throw new IndexFormatError(`${what} is damaged`);
  return { rest: own.part, table, block, preparse: own.preparse };
}

/**
 * A document's blocks as the file has them, under the checksums they were just found to match;
 * its chunks only when they are JSON (`jsonChunks`), its terms only when they match theirs.
 */
function checkedBlocks(list: BlockList, blocks: RecordBlocks, body: Uint8Array, sums: Checksums, jsonChunks: boolean): DocumentBlocks {
  const checked = (part: 'chunks' | 'entries' | 'vectors') => ({ bytes: blocks[part]!, sum: list.blocks[part]![2] });
  const terms = list.terms && { bytes: body.subarray(list.terms[0], list.terms[0] + list.terms[1]), sum: list.terms[2] };
  const sound = terms !== undefined && sums.bytes(terms.bytes) === terms.sum;
  return { ...(jsonChunks ? { chunks: checked('chunks') } : {}), entries: checked('entries'), vectors: checked('vectors'), ...(sound ? { terms } : {}) };
}

type VectorRef = { $vectors: [number, number] };

/** Version 1: every record in the JSON header, vectors referred to in floats, no checksums. */
function decodeV1(bytes: Uint8Array, view: DataView): IndexSnapshot {
  const headerLength = view.getUint32(8, true);
  if (12 + headerLength > bytes.length) throw new IndexFormatError('the index file is truncated');
  const header = parseJson(bytes.subarray(12, 12 + headerLength));
  const bodyStart = align4(12 + headerLength);
  const bodyFloats = (bytes.length - bodyStart) / 4;
  const vectors = (value: unknown): Float32Array => {
    const r = (value as Partial<VectorRef> | undefined)?.$vectors;
    if (!Array.isArray(r) || r.length !== 2 || r[0] < 0 || r[0] + r[1] > bodyFloats) {
      throw new IndexFormatError('the index refers to vectors outside the file (truncated?)');
    }
    return decodeVectors(bytes.subarray(bodyStart + r[0] * 4, bodyStart + (r[0] + r[1]) * 4), 1, 'float32');
  };
  const h = header as { manifest?: unknown; documents?: unknown; groups?: unknown };
  if (!h || typeof h !== 'object' || !h.manifest || !Array.isArray(h.documents) || !Array.isArray(h.groups)) {
    throw new IndexFormatError('the index header lacks its manifest, documents or groups');
  }
  return {
    manifest: h.manifest as IndexSnapshot['manifest'],
    documents: (h.documents as Record<string, unknown>[]).map((d) => ({ ...d, vectors: vectors(d.vectors) }) as DocumentRecord),
    groups: (h.groups as Record<string, unknown>[]).map((g) => ({ ...g, vectors: vectors(g.vectors) }) as GroupRecord),
  };
}

/** A record's entries as columns (read from bytes since version 5, from JSON before, from an object each before version 4). */
function columnsOf(columns: EntryColumns | undefined, whose: string): EntryColumns {
  if (!columns) throw new IndexFormatError(`the entries of ${whose} are not a list of entries`);
  return columns;
}

/** Only a collection's own fields, in one order, so the same collections always give the same bytes. */
function storedCollection({ id, name, docIds, created }: Collection): Collection {
  return { id, name, docIds, created };
}

/** The header's originals; as for collections, a wrong shape under a matching checksum is a writer's bug. */
function originalsOf(value: unknown): OriginalList[] {
  const valid = (o: Partial<Record<keyof OriginalList, unknown>>) =>
    typeof o.id === 'string' && typeof o.name === 'string' && typeof o.mime === 'string' && (o.added === undefined || typeof o.added === 'number') && isBlockRef(o.block);
  if (!Array.isArray(value) || !value.every((o) => o && typeof o === 'object' && valid(o as Partial<Record<keyof OriginalList, unknown>>))) {
    throw new IndexFormatError('the originals in the index header are malformed');
  }
  return value as OriginalList[];
}

function isBlockRef(value: unknown): value is BlockRef {
  return Array.isArray(value) && value.length === 3 && Number.isInteger(value[0]) && value[0] >= 0 && Number.isInteger(value[1]) && value[1] >= 0 && typeof value[2] === 'string';
}

/** The header's collections; a header that passed its checksum was written so, so a wrong shape is a writer's bug. */
function collectionsOf(value: unknown): Collection[] {
  if (!Array.isArray(value) || !value.every(isCollection)) throw new IndexFormatError('the collections in the index header are malformed');
  return value;
}

/** `exact`: numbers tagged by stringifyExact are read back (version 6's group records). */
function parseJson(bytes: Uint8Array, what = 'the index header', exact = false): unknown {
  try {
    const text = strictUtf8(bytes);
    return exact ? parseExact(text) : JSON.parse(text);
  } catch {
    throw new IndexFormatError(`${what} is damaged`);
  }
}

function termsBytes({ data, ...rest }: EntryTerms): Uint8Array {
  const head = new TextEncoder().encode(JSON.stringify(rest));
  const out = new Uint8Array(4 + head.length + data.length);
  new DataView(out.buffer).setUint32(0, head.length, true);
  out.set(head, 4);
  out.set(data, 4 + head.length);
  return out;
}

/**
 * `record` with a `terms` property that reads `block` when first asked for. Made out here, where the
 * getter's scope holds the block alone: a getter made inside the decoder kept the decoder's scope,
 * and with it the whole file's bytes, alive until every record's terms were read
 * (docs/decisions/2026-12-07-storage-and-open-measured.md).
 */
function termsWhenRead<R extends DocumentRecord | GroupRecord>(record: R, block: Uint8Array): R {
  Object.defineProperty(record, 'terms', {
    configurable: true,
    enumerable: true,
    get() {
      const terms = termsOf(block);
      Object.defineProperty(record, 'terms', { configurable: true, enumerable: true, writable: true, value: terms });
      return terms;
    },
  });
  return record;
}

/** The terms a block holds, or undefined when it does not hold terms whole. */
export function termsOf(block: Uint8Array): EntryTerms | undefined {
  if (block.length < 4) return undefined;
  const length = new DataView(block.buffer, block.byteOffset, block.byteLength).getUint32(0, true);
  if (4 + length > block.length) return undefined;
  let head: unknown;
  try {
    head = JSON.parse(strictUtf8(block.subarray(4, 4 + length)));
  } catch {
    return undefined;
  }
  const h = head as Partial<EntryTerms> | null;
  if (!h || typeof h.entries !== 'number' || typeof h.lastId !== 'string' || !Array.isArray(h.words)) return undefined;
  // the fields in the order the writer spread them, so a checksum over them reads the same
  return {
    entries: h.entries,
    lastId: h.lastId,
    words: h.words,
    ...(typeof h.analyzer === 'number' ? { analyzer: h.analyzer } : {}),
    data: block.slice(4 + length),
  };
}

/**
 * Copies of blocks, each at a multiple of 4 of one buffer made for all of them: the documents'
 * entry columns are read until their entries are made, and thousands of buffers of their own
 * were thousands of objects more for the collector to track.
 */
function blockCopies(lengths: readonly number[]): (block: Uint8Array) => Uint8Array {
  const buffer = new Uint8Array(lengths.reduce((n, length) => n + align4(length), 0));
  let at = 0;
  return (block) => {
    // a block longer than listed is not one the header vouches for: a copy of its own
    if (at + block.length > buffer.length) return block.slice();
    const copy = buffer.subarray(at, at + block.length);
    copy.set(block);
    at += align4(block.length);
    return copy;
  };
}

/** A block as it lies in bytes the decoder was given to keep (DecodeOptions.view). */
function asRead(block: Uint8Array): Uint8Array {
  return block;
}

function align4(n: number): number {
  return (n + 3) & ~3;
}
