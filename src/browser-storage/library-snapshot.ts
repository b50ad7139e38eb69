/**
 * The library as the app stores it (LibraryContents: the IndexedDB records, or an older export's,
 * which hold the same) and as a library file holds it (an IndexSnapshot with its originals,
 * collections and the app's records, core/stored-index/binary-format.ts), each made from the other:
 * an export and the conversion of an older export go one way, an import the other.
 */
import { isUnindexed, unindexedManifest } from '../core/stored-index/manifest.ts';
import type { IndexSnapshot, Original } from '../core/stored-index/snapshot.ts';
import type { IndexManifest, VectorStorage } from '../core/types.ts';
import type { CheckedBlock, DocumentBlocks, FileBlocks } from '../core/stored-index/file-blocks.ts';
import type { Breathe } from '../core/stored-index/binary-format.ts';
import { encodeVectors } from '../core/stored-index/vector-codec.ts';
import { chunkSources, storedChunks, storedEntries } from '../core/stored-index/repeated-text.ts';
import { checksums } from '../core/util/checksum.ts';
import { assembleRecords } from './assemble-records.ts';
import { decodeAppRecords, encodeAppRecords } from './app-records.ts';
import type { LibraryContents } from './library-contents.ts';
import { docOwner, groupOwner } from './owner-key.ts';
import { chunksSum, documentSum, entriesSums, groupSum } from './record-sums.ts';
import type { OriginalFile, StoredChunks, StoredDocument, StoredEntries, StoredGroup } from './records.ts';

/** The stored library cannot be written whole: some of its records fail their checksums, or it has no manifest. */
export class DamagedLibraryError extends Error {
  override name = 'DamagedLibraryError';
}

/**
 * The library file's snapshot of the stored library, every record checked: a damaged one refuses
 * the whole (a file that quietly lacked a document would be a worse copy than none). A library
 * with no index yet (no manifest: chats and originals only) gets `unindexedManifest()`.
 * Each entries record must hold its vectors (kept-vectors.ts fills those kept outside).
 */
export async function snapshotOfLibrary(contents: LibraryContents): Promise<IndexSnapshot> {
  const index = contents.manifest ? assembleRecords(contents, contents.originals, await checksums()) : undefined;
  if (!index && (contents.documents.length > 0 || contents.groups.length > 0)) {
    throw new DamagedLibraryError('the library holds documents but no index manifest, so it cannot be written to a file');
  }
  if (index && index.damage.length > 0) {
    const names = [...new Set(index.damage.map((d) => d.name))].join('; ');
    throw new DamagedLibraryError(`the stored records of ${names} are damaged (checksum mismatch): repair those documents, then export again`);
  }
  const added = {
    documents: Object.fromEntries(contents.documents.map((d) => [d.doc.id, d.added])),
    groups: Object.fromEntries(contents.groups.map((g) => [g.group.id, g.added])),
  };
  return {
    manifest: index?.manifest ?? unindexedManifest(),
    documents: index?.documents ?? [],
    groups: index?.groups ?? [],
    ...(contents.collections.length > 0 ? { collections: contents.collections } : {}),
    ...(contents.originals.length > 0 ? { originals: contents.originals.map(originalOf) } : {}),
    appRecords: encodeAppRecords({ chats: contents.chats, settings: contents.settings, added }),
  };
}

/** The snapshot's manifest as its records keep it: none for one that holds no index (nothing indexed, no record). */
export function manifestOfSnapshot({ manifest, documents, groups }: IndexSnapshot): IndexManifest | undefined {
  return !isUnindexed(manifest) || documents.length > 0 || groups.length > 0 ? manifest : undefined;
}

/**
 * The records to store for a library file's snapshot, sealed with their checksums as the store
 * seals its own writes. Each document and group keeps its place in the library order: the one the
 * app's records name, else its original's, else after everything (`now` at the earliest), in the
 * file's order; an original without a time (the CLI's) takes its document's. A file whose manifest is unindexed holds no index: no manifest is stored for it.
 * `breathe` is awaited between records: a worker that searches meanwhile answers between them.
 * `blocks`, the file's own blocks kept as it was decoded: a document that has them stores them as
 * they are, checksums and all (stored-blocks.ts), rather than records made again and summed.
 */
export async function libraryOfSnapshot(snapshot: IndexSnapshot, now: number = Date.now(), breathe?: Breathe, blocks?: FileBlocks): Promise<LibraryContents> {
  const sums = await checksums();
  const app = snapshot.appRecords ? decodeAppRecords(snapshot.appRecords) : undefined;
  const originals = snapshot.originals ?? [];
  const ofOriginals = new Map(originals.flatMap((o) => (o.added === undefined ? [] : [[o.id, o.added] as const])));
  const ofDocuments = new Map(Object.entries(app?.added.documents ?? {}));
  const ofGroups = new Map(Object.entries(app?.added.groups ?? {}));
  let next = [...ofOriginals.values(), ...ofDocuments.values(), ...ofGroups.values()].reduce((latest, added) => Math.max(latest, added + 1), now);
  const place = (known: number | undefined) => known ?? next++;

  const { manifest } = snapshot;
  const { dimension } = manifest.embedder;
  /** The vectors as the entries store keeps them (IdbIndexStore's storedVectors). */
  const stored = (vectors: Float32Array): Pick<StoredEntries, 'vectors' | 'vectorFormat'> => {
    const bytes = encodeVectors(vectors, dimension, manifest.vectorStorage);
    return { vectors: ownBuffer(bytes), ...(manifest.vectorStorage === 'int8' ? { vectorFormat: 'int8' as const } : {}) };
  };
  const documents: StoredDocument[] = [];
  const chunks: StoredChunks[] = [];
  const entries: StoredEntries[] = [];
  for (const record of snapshot.documents) {
    await breathe?.();
    const { doc, job, preparse, terms } = record;
    const added = place(ofDocuments.get(doc.id) ?? ofOriginals.get(doc.id));
    ofOriginals.set(doc.id, ofOriginals.get(doc.id) ?? added);
    documents.push({ doc, job, preparse, added, sum: documentSum(sums, record) });
    const asFiled = blocks?.documents.get(doc.id);
    if (asFiled?.chunks) {
      chunks.push(storedChunksOf(doc.id, asFiled.chunks));
      entries.push(storedEntriesOf(docOwner(doc.id), asFiled, blocks!.vectors));
      continue;
    }
    const kept = storedChunks(doc, record.chunks);
    chunks.push({ docId: doc.id, chunks: kept, sum: chunksSum(sums, kept) });
    const owned = storedEntries(record.entries, chunkSources([record.chunks]), doc.id);
    const vectors = stored(record.vectors);
    entries.push({ owner: docOwner(doc.id), entries: owned, ...vectors, ...(terms ? { terms } : {}), sums: entriesSums(sums, owned, vectors.vectors, terms) });
  }
  const groups: StoredGroup[] = [];
  for (const record of snapshot.groups) {
    const { group, preparse, terms } = record;
    groups.push({ group, preparse, added: place(ofGroups.get(group.id)), sum: groupSum(sums, record) });
    // a group's entries are stored whole (IdbIndexStore.putGroup)
    const vectors = stored(record.vectors);
    entries.push({ owner: groupOwner(group.id), entries: record.entries, ...vectors, ...(terms ? { terms } : {}), sums: entriesSums(sums, record.entries, vectors.vectors, terms) });
  }
  return {
    manifest: manifestOfSnapshot(snapshot),
    documents,
    chunks,
    entries,
    groups,
    // an original without a time (the CLI's) shares its document's, as the store gives it (added-clock.ts)
    originals: originals.map((o) => originalFileOf(o, place(ofOriginals.get(o.id)))),
    collections: snapshot.collections ?? [],
    chats: app?.chats ?? [],
    settings: app?.settings ?? [],
  };
}

/** A document's chunks as the file's block of their JSON, under the file's checksum (stored-blocks.ts). */
function storedChunksOf(docId: string, block: CheckedBlock): StoredChunks {
  return { docId, chunks: ownBuffer(block.bytes), sum: block.sum };
}

/** A document's entries, vectors and counted words as the file's blocks, under the file's checksums. */
function storedEntriesOf(owner: string, { entries, vectors, terms }: DocumentBlocks, format: VectorStorage): StoredEntries {
  return {
    owner,
    entries: ownBuffer(entries.bytes),
    vectors: ownBuffer(vectors.bytes),
    ...(format === 'int8' ? { vectorFormat: 'int8' as const } : {}),
    ...(terms ? { terms: ownBuffer(terms.bytes) } : {}),
    sums: { entries: entries.sum, vectors: vectors.sum, ...(terms ? { terms: terms.sum } : {}) },
  };
}

function originalOf({ id, name, mime, added, bytes }: OriginalFile): Original {
  return { id, name, mime, added, bytes: new Uint8Array(bytes) };
}

function originalFileOf({ id, name, mime, bytes }: Original, added: number): OriginalFile {
  return { id, name, mime, added, size: bytes.byteLength, bytes: ownBuffer(bytes) };
}

/** The bytes in an ArrayBuffer of their own, as IndexedDB keeps them. */
function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer as ArrayBuffer;
}
